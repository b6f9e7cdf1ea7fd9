package domain

import (
	"context"
	"math"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// LogIn checks an e-mail address and password from client and answers the account. Every try
// is counted before its password is checked (store.LoginBegin), per address and per client, or
// per device for a browser that logged into this account before (device: the id of its valid
// device cookie, "" for none); beyond throttle's limits the answer is ETHROTTLED, saying when to
// try again, and the password is not looked at. An unknown address takes as long as a wrong
// password (auth.CheckDummyPassword) and gets the same ELOGINFAILED; a right password of an
// unconfirmed account ENOTCONFIRMED. A success forgets its own try and the device's failures.
func (d *Service) LogIn(ctx context.Context, throttle store.Throttle, email, password, client, device string) (*store.User, error) {
	attempt, wait, err := d.db.LoginBegin(ctx, throttle, email, client, device)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		minutes := int(math.Ceil(wait.Minutes()))
		return nil, arbor.Errorf(arbor.ETHROTTLED, "auth.throttled", map[string]any{"minutes": minutes, "seconds": int(wait.Seconds())})
	}
	u, err := d.db.UserByEmail(ctx, email)
	if err != nil && arbor.ErrorCode(err) != arbor.ENOTFOUND {
		return nil, err
	}
	ok := false
	if u != nil {
		if ok, err = auth.CheckPassword(u.PasswordHash, password); err != nil {
			return nil, err
		}
	} else {
		auth.CheckDummyPassword(password)
	}
	if !ok {
		// The try stays counted: it was a failure.
		return nil, arbor.Errorf(arbor.ELOGINFAILED, "auth.login_failed", nil)
	}
	if err := d.db.LoginSucceeded(ctx, attempt, device); err != nil {
		return nil, err
	}
	if u.ConfirmedAt == nil {
		return nil, arbor.Errorf(arbor.ENOTCONFIRMED, "auth.not_confirmed", nil)
	}
	return u, nil
}
