/** "850 m²" up to a hectare, then "1.25 ha", in the UI language. */
export function formatArea(m2: number, lang: string): string {
  if (m2 < 10000) {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: m2 < 100 ? 1 : 0 }).format(m2)} m²`;
  }
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(m2 / 10000)} ha`;
}
