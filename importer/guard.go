package importer

import (
	"errors"
	"io"
)

// A reader that fails partway must end the reading, not hand out its failure for ever: a
// consumer that goes on after a row's problem (RowError) would otherwise never see the end
// (a GeoPackage whose page is damaged answered the same failure on every call). So every source
// Open answers is guarded: an error that is not a row's ends it as a ReadError naming the line,
// a row's problem that does not move on past the line before is taken as such an end, and after
// the end (io.EOF or a ReadError) Next answers the same again.

// guarded is a source whose reading ends at its first failure.
type guarded struct {
	Source
	line int   // the last line answered, a row or a row's problem
	end  error // io.EOF or a *ReadError once the reading has ended
}

// guardedLayers is a guarded source of a file with several tables.
type guardedLayers struct {
	*guarded
	Layered
}

func guard(src Source) Source {
	g := &guarded{Source: src}
	if l, ok := src.(Layered); ok {
		return guardedLayers{g, l}
	}
	return g
}

func (g *guarded) Next() (Row, error) {
	if g.end != nil {
		return Row{}, g.end
	}
	row, err := g.Source.Next()
	var re *RowError
	var rd *ReadError
	switch {
	case err == nil:
		g.line = max(g.line, row.Line)
		return row, nil
	case errors.Is(err, io.EOF):
		g.end = io.EOF
	case errors.As(err, &rd):
		g.end = rd
	case errors.As(err, &re) && re.Line > g.line:
		g.line = re.Line
		return Row{}, err
	case errors.As(err, &re):
		g.end = &ReadError{Line: g.line + 1, Err: err} // the same problem again: the reader is stuck
	default:
		g.end = &ReadError{Line: g.line + 1, Err: err}
	}
	return Row{}, g.end
}
