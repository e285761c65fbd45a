/** Who is calling: an M2M client (document 1) or a v1 API key (document 2), with what it may do. */
export interface Caller {
  kind: 'm2m' | 'v1';
  /** `m2m_…` client id or v1 `apiKey`. */
  id: string;
  companyId: string;
  scopes: ReadonlySet<string>;
}
