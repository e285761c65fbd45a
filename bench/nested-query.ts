/** The nested GraphQL read of issue 10: a page of customers > transactions > bookings > event name and date. */
export const NESTED_PAGE_SIZES = [100, 10] as const;

/** What the nested read selects of each customer: transactions since `startDate`, their bookings, each booking's event. */
export const nestedSelection = (startDate: string) =>
  `id firstName lastName transactions(startDate: "${startDate}") { nodes { id purchaseDate bookings { id spaces event { name } eventDate { datetime } } } }`;

export function nestedCustomersDocument(pageSize: number): string {
  return `query ($page: Int) { customers(page: $page, pageSize: ${pageSize}) { nodes { ${nestedSelection('2026-01-01')} } } }`;
}
