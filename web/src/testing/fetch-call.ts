/** One request the app made, as the web tests' fake network sees it. */
export interface FetchCall {
  /** Path and query string, e.g. `/api/v1/admin/public/users?page=2`. */
  url: string;
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, the FormData of a multipart body, other text as is; undefined when none was sent. */
  body: unknown;
}
