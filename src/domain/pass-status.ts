/** A pass purchase's status (v1 customer passes, GraphQL `PassStatus`), derived from its data on a date. */

export type PassStatus = 'ACTIVE' | 'PENDING' | 'EXPIRED' | 'USED' | 'CANCELLED';

/** `today` is the company's local date: expiry and start are whole local days. */
export function passStatus(
  p: { isCancelled: boolean; creditsAllocated: number; creditsConsumed: number; starts: string; expires: string },
  today: string,
): PassStatus {
  if (p.isCancelled) return 'CANCELLED';
  if (p.expires < today) return 'EXPIRED';
  if (p.creditsConsumed >= p.creditsAllocated) return 'USED';
  if (p.starts > today) return 'PENDING';
  return 'ACTIVE';
}
