/** `%term%` for ILIKE, with the user's own % and _ matched literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
