// The referral code of spec screen 2: a visitor arriving with ?aff=<code> keeps it locally, and
// registration sends it as aff_code.
const AFF_KEY = 'aff';

export function rememberAff(search: URLSearchParams): void {
  const aff = search.get('aff');
  if (aff && aff.trim() !== '') localStorage.setItem(AFF_KEY, aff.trim());
}

export function storedAff(): string {
  return localStorage.getItem(AFF_KEY) ?? '';
}
