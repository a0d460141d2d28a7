/**
 * One page of a list the server already holds (a void's ranges): the page asked for in the address,
 * kept within the list, and only that page's items sent to the browser. Pages count from 1.
 */
export interface PageOf<T> {
  items: T[];
  /** The page shown (1 when the list is empty or the address asked for no page or a wrong one). */
  page: number;
  pages: number;
  total: number;
  /** Positions (1-based) of the first and last item shown; 0 and 0 when the list is empty. */
  from: number;
  to: number;
}

/** The page number an address asks for ("?rangos=3"): a whole number ≥ 1, else the first page. */
export function readPageNumber(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^\d{1,9}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The requested page of `items`, `size` to a page; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], requested: number, size: number): PageOf<T> {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`page size must be a whole number ≥ 1: ${size}`);
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pages);
  const start = (page - 1) * size;
  const shown = items.slice(start, start + size);
  return {
    items: shown,
    page,
    pages,
    total,
    from: shown.length === 0 ? 0 : start + 1,
    to: start + shown.length,
  };
}
