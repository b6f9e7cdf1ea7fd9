package i18n

import "fmt"

// Money writes an amount of euro cents as an invoice shows it in lang, always with two
// fraction digits: €1,690.00 in English, 1.690,00 € in German and French style.
func Money(lang string, cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	euros := grouped(lang, cents/100)
	frac := fmt.Sprintf("%02d", cents%100)
	switch lang {
	case "de", "fr":
		return sign + euros + "," + frac + "\u00a0€"
	}
	return sign + "€" + euros + "." + frac
}
