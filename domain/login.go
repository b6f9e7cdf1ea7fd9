package domain

import (
	"context"
	"math"

	"arbor"
	"arbor/auth"
	"arbor/store"
)

// LogIn checks an e-mail address and password from client and answers the account. Failed
// tries are counted per address and per client; beyond throttle's limits the answer is
// ETHROTTLED, saying when to try again. An unknown address takes as long as a wrong password
// (auth.CheckDummyPassword) and gets the same ELOGINFAILED; a right password of an unconfirmed
// account ENOTCONFIRMED. A success forgets the address's failures.
func (d *Service) LogIn(ctx context.Context, throttle store.Throttle, email, password, client string) (*store.User, error) {
	wait, err := d.db.LoginWait(ctx, throttle, email, client)
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
		if err := d.db.RecordLoginFailure(ctx, email, client); err != nil {
			return nil, err
		}
		return nil, arbor.Errorf(arbor.ELOGINFAILED, "auth.login_failed", nil)
	}
	if u.ConfirmedAt == nil {
		return nil, arbor.Errorf(arbor.ENOTCONFIRMED, "auth.not_confirmed", nil)
	}
	if err := d.db.ClearLoginFailures(ctx, email); err != nil {
		return nil, err
	}
	return u, nil
}
