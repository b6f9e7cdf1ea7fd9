package files

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"sort"
)

// The PMTiles v3 format (docs/API.md "Background maps"): a 127-byte header, a root directory in
// the first 16 kB, optional leaf directories, JSON metadata and the tiles, addressed by a tile id
// that counts the tiles of lower zooms and then walks a Hilbert curve. Read to serve a tile with
// two or three range reads; written when an MBTiles file is converted.

const (
	pmHeaderLen = 127
	pmRootMax   = 16384 // the header and the root directory lie within the first 16 kB

	pmCompressionUnknown = 0
	pmCompressionNone    = 1
	pmCompressionGzip    = 2

	pmTypeMVT  = 1
	pmTypePNG  = 2
	pmTypeJPEG = 3
	pmTypeWebP = 4
	pmTypeAVIF = 5
)

// errNotPMTiles is a file that is not a PMTiles v3 archive, or a broken one.
var errNotPMTiles = errors.New("not a PMTiles v3 archive")

// pmHeader is the part of the header this server uses.
type pmHeader struct {
	RootOffset, RootLength     uint64
	MetadataOffset, MetaLength uint64
	LeafOffset, LeafLength     uint64
	DataOffset, DataLength     uint64
	AddressedTiles             uint64
	TileEntries                uint64
	TileContents               uint64
	Clustered                  bool
	InternalCompression        uint8
	TileCompression            uint8
	TileType                   uint8
	MinZoom, MaxZoom           uint8
	MinLon, MinLat             int32 // degrees × 10^7
	MaxLon, MaxLat             int32
	CenterZoom                 uint8
	CenterLon, CenterLat       int32
}

// readPMHeader reads the header from the file's first bytes.
func readPMHeader(b []byte) (pmHeader, error) {
	var h pmHeader
	if len(b) < pmHeaderLen || string(b[:7]) != "PMTiles" || b[7] != 3 {
		return h, errNotPMTiles
	}
	u := func(at int) uint64 { return binary.LittleEndian.Uint64(b[at:]) }
	i := func(at int) int32 { return int32(binary.LittleEndian.Uint32(b[at:])) }
	h.RootOffset, h.RootLength = u(8), u(16)
	h.MetadataOffset, h.MetaLength = u(24), u(32)
	h.LeafOffset, h.LeafLength = u(40), u(48)
	h.DataOffset, h.DataLength = u(56), u(64)
	h.AddressedTiles, h.TileEntries, h.TileContents = u(72), u(80), u(88)
	h.Clustered = b[96] == 1
	h.InternalCompression, h.TileCompression, h.TileType = b[97], b[98], b[99]
	h.MinZoom, h.MaxZoom = b[100], b[101]
	h.MinLon, h.MinLat, h.MaxLon, h.MaxLat = i(102), i(106), i(110), i(114)
	h.CenterZoom = b[118]
	h.CenterLon, h.CenterLat = i(119), i(123)
	if h.MinZoom > h.MaxZoom || h.MaxZoom > 30 || h.RootLength == 0 || h.RootOffset+h.RootLength > pmRootMax {
		return h, errNotPMTiles
	}
	return h, nil
}

// bytes writes the header.
func (h pmHeader) bytes() []byte {
	b := make([]byte, pmHeaderLen)
	copy(b, "PMTiles")
	b[7] = 3
	for at, v := range map[int]uint64{8: h.RootOffset, 16: h.RootLength, 24: h.MetadataOffset, 32: h.MetaLength,
		40: h.LeafOffset, 48: h.LeafLength, 56: h.DataOffset, 64: h.DataLength, 72: h.AddressedTiles,
		80: h.TileEntries, 88: h.TileContents} {
		binary.LittleEndian.PutUint64(b[at:], v)
	}
	if h.Clustered {
		b[96] = 1
	}
	b[97], b[98], b[99], b[100], b[101] = h.InternalCompression, h.TileCompression, h.TileType, h.MinZoom, h.MaxZoom
	for at, v := range map[int]int32{102: h.MinLon, 106: h.MinLat, 110: h.MaxLon, 114: h.MaxLat, 119: h.CenterLon, 123: h.CenterLat} {
		binary.LittleEndian.PutUint32(b[at:], uint32(v))
	}
	b[118] = h.CenterZoom
	return b
}

// pmEntry is one entry of a directory: a run of tiles of the same bytes, or (RunLength 0) a
// leaf directory.
type pmEntry struct {
	TileID    uint64
	Offset    uint64
	Length    uint32
	RunLength uint32
}

// pmTileID is the tile id of z/x/y: the tiles of every lower zoom, then the tile's place on the
// Hilbert curve of its zoom.
func pmTileID(z uint8, x, y uint32) uint64 {
	acc := (uint64(1)<<(2*uint64(z)) - 1) / 3
	n := uint64(1) << z
	tx, ty := uint64(x), uint64(y)
	var d uint64
	for s := n / 2; s > 0; s /= 2 {
		var rx, ry uint64
		if tx&s > 0 {
			rx = 1
		}
		if ty&s > 0 {
			ry = 1
		}
		d += s * s * ((3 * rx) ^ ry)
		if ry == 0 {
			if rx == 1 {
				tx = n - 1 - tx
				ty = n - 1 - ty
			}
			tx, ty = ty, tx
		}
	}
	return acc + d
}

// decompress opens a directory or the metadata by the archive's internal compression.
func decompress(b []byte, compression uint8) ([]byte, error) {
	switch compression {
	case pmCompressionNone:
		return b, nil
	case pmCompressionGzip:
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, errNotPMTiles
		}
		// A directory is small: more than 64 MB unpacked is a bomb, not a directory.
		out, err := io.ReadAll(io.LimitReader(zr, 64<<20))
		if err != nil {
			return nil, errNotPMTiles
		}
		return out, nil
	}
	return nil, errNotPMTiles
}

// readPMDirectory reads a directory's entries (already decompressed).
func readPMDirectory(b []byte) ([]pmEntry, error) {
	r := bytes.NewReader(b)
	next := func() (uint64, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return 0, errNotPMTiles
		}
		return v, nil
	}
	n, err := next()
	if err != nil || n > uint64(len(b)) { // every entry takes at least one byte
		return nil, errNotPMTiles
	}
	entries := make([]pmEntry, n)
	var last uint64
	for i := range entries {
		d, err := next()
		if err != nil {
			return nil, err
		}
		last += d
		entries[i].TileID = last
	}
	for i := range entries {
		v, err := next()
		if err != nil || v > 1<<32-1 {
			return nil, errNotPMTiles
		}
		entries[i].RunLength = uint32(v)
	}
	for i := range entries {
		v, err := next()
		if err != nil || v > 1<<32-1 {
			return nil, errNotPMTiles
		}
		entries[i].Length = uint32(v)
	}
	for i := range entries {
		v, err := next()
		if err != nil {
			return nil, err
		}
		if v == 0 && i > 0 {
			entries[i].Offset = entries[i-1].Offset + uint64(entries[i-1].Length)
		} else if v == 0 {
			return nil, errNotPMTiles
		} else {
			entries[i].Offset = v - 1
		}
	}
	return entries, nil
}

// writePMDirectory writes entries as a gzip-compressed directory.
func writePMDirectory(entries []pmEntry) []byte {
	var raw []byte
	raw = binary.AppendUvarint(raw, uint64(len(entries)))
	var last uint64
	for _, e := range entries {
		raw = binary.AppendUvarint(raw, e.TileID-last)
		last = e.TileID
	}
	for _, e := range entries {
		raw = binary.AppendUvarint(raw, uint64(e.RunLength))
	}
	for _, e := range entries {
		raw = binary.AppendUvarint(raw, uint64(e.Length))
	}
	for i, e := range entries {
		if i > 0 && e.Offset == entries[i-1].Offset+uint64(entries[i-1].Length) {
			raw = binary.AppendUvarint(raw, 0)
		} else {
			raw = binary.AppendUvarint(raw, e.Offset+1)
		}
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(raw)
	_ = zw.Close()
	return buf.Bytes()
}

// findPMEntry is the entry of a directory that holds tile id: a tile's run, or the leaf
// directory to read next; nil when the tile is not in it.
func findPMEntry(entries []pmEntry, id uint64) *pmEntry {
	i := sort.Search(len(entries), func(i int) bool { return entries[i].TileID > id }) - 1
	if i < 0 {
		return nil
	}
	e := &entries[i]
	if e.RunLength == 0 || id-e.TileID < uint64(e.RunLength) {
		return e
	}
	return nil
}

// pmDirectories builds the root directory and the leaf directories of entries (sorted by tile
// id), so that the header and the root fit into the first 16 kB: all in the root when they fit,
// else leaves of a size that leaves the root small enough.
func pmDirectories(entries []pmEntry) (root, leaves []byte) {
	root = writePMDirectory(entries)
	if pmHeaderLen+len(root) <= pmRootMax {
		return root, nil
	}
	for size := 4096; ; size *= 2 {
		var rootEntries []pmEntry
		leaves = leaves[:0]
		for at := 0; at < len(entries); at += size {
			part := entries[at:min(at+size, len(entries))]
			leaf := writePMDirectory(part)
			rootEntries = append(rootEntries, pmEntry{TileID: part[0].TileID, Offset: uint64(len(leaves)), Length: uint32(len(leaf))})
			leaves = append(leaves, leaf...)
		}
		root = writePMDirectory(rootEntries)
		if pmHeaderLen+len(root) <= pmRootMax {
			return root, leaves
		}
	}
}

// tileFormat names a tile type as this server does: its file extension and content type.
func tileFormat(tileType uint8) (format, contentType string, ok bool) {
	switch tileType {
	case pmTypeMVT:
		return "pbf", "application/vnd.mapbox-vector-tile", true
	case pmTypePNG:
		return "png", "image/png", true
	case pmTypeJPEG:
		return "jpg", "image/jpeg", true
	case pmTypeWebP:
		return "webp", "image/webp", true
	case pmTypeAVIF:
		return "avif", "image/avif", true
	}
	return "", "", false
}

// TileContentType is the content type of a tile of an archive's format (png, jpg, webp, avif, pbf).
func TileContentType(format string) string {
	for t := uint8(1); t <= pmTypeAVIF; t++ {
		if f, ct, _ := tileFormat(t); f == format {
			return ct
		}
	}
	return "application/octet-stream"
}
