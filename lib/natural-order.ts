/** "node-9" before "node-10": names with numbers in the order people count them. */
export function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
