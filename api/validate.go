package api

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"arbor"
	"arbor/auth"
	"arbor/i18n"
	"arbor/store"
)

// checks collects field errors so one answer names every invalid field.
type checks map[string]string

func (c checks) required(field, value string) bool {
	if strings.TrimSpace(value) == "" {
		c[field] = "field.required"
		return false
	}
	return true
}

// maxLen refuses a value longer than max characters; max is one of the limits the message
// catalogue has a text for (50, 100, 200, 2000).
func (c checks) maxLen(field, value string, max int) {
	if utf8.RuneCountInString(value) > max {
		c[field] = fmt.Sprintf("field.too_long.%d", max)
	}
}

func (c checks) name(field, value string) {
	if c.required(field, value) {
		c.maxLen(field, value, 100)
	}
}

func (c checks) email(field, value string) {
	if !c.required(field, value) {
		return
	}
	addr, err := mail.ParseAddress(value)
	if err != nil || addr.Address != value || len(value) > 254 || !strings.Contains(value[strings.LastIndex(value, "@")+1:], ".") {
		c[field] = "field.email"
	}
}

func (c checks) newPassword(field, confirmField, password, confirm string) {
	if !c.required(field, password) {
		return
	}
	if !auth.PasswordLongEnough(password) {
		c[field] = "field.password_short"
	}
	if password != confirm {
		c[confirmField] = "field.password_mismatch"
	}
}

func (c checks) language(field, value string) {
	if !i18n.Supported(value) {
		c[field] = "field.language"
	}
}

// err is nil when every check passed.
func (c checks) err() error {
	if len(c) == 0 {
		return nil
	}
	return &arbor.Error{Code: arbor.EINVALID, Key: "error.invalid_fields", Fields: c}
}

// emailList checks a comma-separated list of addresses (docs/PRODUCT.md §5) and returns them split.
func (c checks) emailList(field, list string) []string {
	emails := store.SplitEmails(list)
	if len(emails) == 0 {
		c[field] = "field.emails"
	}
	for _, e := range emails {
		one := checks{}
		if one.email(field, e); len(one) > 0 {
			c[field] = "field.emails"
		}
	}
	return emails
}
