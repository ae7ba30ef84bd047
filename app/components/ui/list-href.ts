import { useLocation } from "react-router";

/**
 * The address of the current list with some query keys replaced (undefined or "" removes the key): the list's state
 * lives in its query string (ADR 0061), so a sort header or a page link keeps the search and the filters.
 */
export function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const text = params.toString();
    return `${location.pathname}${text ? `?${text}` : ""}`;
  };
}
