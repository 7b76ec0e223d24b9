// Fuzzy model-name search: every whitespace-separated term must appear in the name as a
// subsequence, ignoring case and the separators people skip when typing ("gpt4o" finds
// "gpt-4o"). Subsequences are enough for model names, which are short.

const SEPARATORS = /[\s\-_.:/]+/g;

function normalise(text: string): string {
  return text.toLowerCase().replace(SEPARATORS, '');
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (let j = 0; j < haystack.length && i < needle.length; j += 1) {
    if (haystack[j] === needle[i]) i += 1;
  }
  return i === needle.length;
}

export function fuzzyMatch(query: string, text: string): boolean {
  const terms = query.trim().toLowerCase().split(/\s+/).map(normalise).filter((t) => t !== '');
  if (terms.length === 0) return true;
  const target = normalise(text);
  return terms.every((term) => isSubsequence(term, target));
}

export function fuzzyFilter<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  return items.filter((item) => fuzzyMatch(query, textOf(item)));
}
