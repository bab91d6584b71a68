/** Escaping for the dashboard's HTML: every value from Discord, the store or the request goes through `esc`. */
export function esc(value: unknown): string {
  return String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
