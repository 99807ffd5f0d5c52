/**
 * The Postgres text search configuration for the language a rep writes in (the profile's free-text
 * 'Language to write in': 'English', 'de', 'Français'…): its stemmer where Postgres has one, else
 * 'simple' (words as they are). No language given: English.
 */
const CONFIGS: Record<string, string> = {
  english: 'english',
  en: 'english',
  german: 'german',
  deutsch: 'german',
  de: 'german',
  french: 'french',
  français: 'french',
  francais: 'french',
  fr: 'french',
  spanish: 'spanish',
  español: 'spanish',
  espanol: 'spanish',
  es: 'spanish',
  italian: 'italian',
  italiano: 'italian',
  it: 'italian',
  portuguese: 'portuguese',
  português: 'portuguese',
  portugues: 'portuguese',
  pt: 'portuguese',
  dutch: 'dutch',
  nederlands: 'dutch',
  nl: 'dutch',
  swedish: 'swedish',
  svenska: 'swedish',
  sv: 'swedish',
  norwegian: 'norwegian',
  norsk: 'norwegian',
  no: 'norwegian',
  nb: 'norwegian',
  danish: 'danish',
  dansk: 'danish',
  da: 'danish',
  finnish: 'finnish',
  suomi: 'finnish',
  fi: 'finnish',
  russian: 'russian',
  русский: 'russian',
  ru: 'russian',
  turkish: 'turkish',
  türkçe: 'turkish',
  tr: 'turkish',
  romanian: 'romanian',
  română: 'romanian',
  ro: 'romanian',
  hungarian: 'hungarian',
  magyar: 'hungarian',
  hu: 'hungarian',
  greek: 'greek',
  ελληνικά: 'greek',
  el: 'greek',
  indonesian: 'indonesian',
  id: 'indonesian',
  catalan: 'catalan',
  català: 'catalan',
  ca: 'catalan',
};

/**
 * Every configuration a file may be indexed in: db/migrations/0019_create_sales_kit.sql's CHECKs
 * list the same names (a test holds them together).
 */
export const TEXT_SEARCH_CONFIGS = [...new Set(['simple', ...Object.values(CONFIGS)])];

export function textSearchConfig(language: string | undefined): string {
  const key =
    (language ?? '')
      .trim()
      .toLowerCase()
      .split(/[\s(,;-]/)[0] ?? '';
  if (!key) return 'english';
  return CONFIGS[key] ?? 'simple';
}
