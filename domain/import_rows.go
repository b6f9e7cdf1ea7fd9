package domain

import (
	"context"
	"errors"
	"io"
	"sync"

	"arbor/importer"
	"arbor/store"
)

// convertedRow is a row of a file made fit for the store, or what holds it back: the problems
// of its cells (their messages are added in the file's order), or err, which ends the import.
type convertedRow struct {
	line     int
	row      *store.ImportRow
	problems []ImportProblem
	err      error
}

// rowBatch is a run of the file's rows, converted by a worker while the next are read.
type rowBatch struct {
	rows []importer.Row
	errs []error // the reader's error of each row, if any
	out  []convertedRow
	done chan struct{}
}

// importBatch is how many rows a worker converts at a time.
const importBatch = 256

// convertRows reads src front to back and converts its rows (importer.Apply, fields.Parse: most
// of the Go side's work) on workers goroutines, a batch of rows each, answering them in the
// file's order one by one: next answers false at the end. stop ends the reading early and waits
// for it, so src may be closed after it. At most a few batches are held at a time.
func convertRows(ctx context.Context, src importer.Source, workers int, convert func(importer.Row) convertedRow) (next func() (convertedRow, bool), stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	work := make(chan *rowBatch, workers)
	order := make(chan *rowBatch, 4*workers)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the reader: one, for a file is read in order
		defer wg.Done()
		defer close(work)
		defer close(order)
		for ended := false; !ended; {
			b := &rowBatch{done: make(chan struct{})}
			for len(b.rows) < importBatch {
				row, err := src.Next()
				if errors.Is(err, io.EOF) {
					ended = true
					break
				}
				b.rows, b.errs = append(b.rows, row), append(b.errs, err)
				var re *importer.RowError
				if err != nil && !errors.As(err, &re) {
					ended = true // not a row's problem: nothing after it is read
					break
				}
			}
			if len(b.rows) == 0 {
				return
			}
			select {
			case order <- b:
			case <-ctx.Done():
				return
			}
			select {
			case work <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				b.out = make([]convertedRow, len(b.rows))
				for i, row := range b.rows {
					if b.errs[i] != nil {
						b.out[i] = convertedRow{err: b.errs[i]}
						continue
					}
					b.out[i] = convert(row)
				}
				close(b.done)
			}
		}()
	}
	var cur *rowBatch
	i := 0
	next = func() (convertedRow, bool) {
		for cur == nil || i == len(cur.out) {
			b, ok := <-order
			if !ok {
				return convertedRow{}, false
			}
			<-b.done
			cur, i = b, 0
		}
		i++
		return cur.out[i-1], true
	}
	stop = func() {
		cancel()
		// Workers end when the reader closes work; batches it still hands over are let go.
		go func() {
			for b := range order {
				_ = b
			}
		}()
		wg.Wait()
	}
	return next, stop
}
