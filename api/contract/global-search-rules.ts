/** The plain constants of the global search (no zod: the browser imports them; decisions in ./global-search.ts). */
/** Rows per group in the header dropdown, and on the results page (the most). */
export const GLOBAL_SEARCH_DROPDOWN = 5;
export const GLOBAL_SEARCH_PAGE = 20;
export const GLOBAL_SEARCH_MAX_LENGTH = 100;
/** The class of a highlighted match (the only attribute the §5 allow-list keeps). */
export const HIGHLIGHT_CLASS = "search-highlight";
