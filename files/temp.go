package files

import "os"

// TempFile makes a temporary file in dir (the system's for "") named after pattern, as
// os.CreateTemp does; done closes and removes it, for a defer.
func TempFile(dir, pattern string) (f *os.File, done func(), err error) {
	f, err = os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, nil, err
	}
	return f, func() {
		f.Close()
		os.Remove(f.Name())
	}, nil
}
