/** The nested GraphQL read of issue 10: a page of customers > transactions > bookings > event name and date. */
export const NESTED_PAGE_SIZES = [100, 10] as const;

export function nestedCustomersDocument(pageSize: number): string {
  return `query ($page: Int) { customers(page: $page, pageSize: ${pageSize}) { nodes { id firstName lastName transactions(startDate: "2026-01-01") { nodes { id purchaseDate bookings { id spaces event { name } eventDate { datetime } } } } } } }`;
}
