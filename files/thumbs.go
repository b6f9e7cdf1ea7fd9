package files

import (
	"bufio"
	"bytes"
	"context"
	"image"
	"image/jpeg"

	"arbor"

	"github.com/disintegration/imaging"
	"gocloud.dev/blob"
	"golang.org/x/image/draw"
)

// MakeThumbnails makes a photo's two thumbnails (Small for the gallery, Large for the lightbox),
// turned upright by its EXIF orientation and written as plain JPEGs without EXIF, so no
// thumbnail carries the place the photo was taken. A photo that cannot be decoded is marked
// failed (the app then shows the photo itself, or 'Image could not be loaded'); a file deleted
// meanwhile is no error.
func (s *Service) MakeThumbnails(ctx context.Context, orgID, id string) error {
	d, err := s.db.DocumentByID(ctx, orgID, id)
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	if d.Kind != "photo" {
		return nil
	}
	if d.Width != nil && d.Height != nil && int64(*d.Width)*int64(*d.Height) > MaxPixels {
		return s.db.ThumbnailsMade(ctx, orgID, id, "failed", 0, 0)
	}
	r, err := s.bucket.NewReader(ctx, d.BlobKey, nil)
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(r, headSize)
	head, _ := br.Peek(headSize)
	orientation := readOrientation(head)
	img, err := imaging.Decode(br)
	r.Close()
	if err != nil {
		return s.db.ThumbnailsMade(ctx, orgID, id, "failed", 0, 0)
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if orientation >= 5 {
		w, h = h, w
	}
	// The large one from the photo, turned upright only then (turning 12 megapixels costs more
	// than scaling them); the small one from the large: the second resize is cheap.
	large := upright(fit(img, Large), orientation)
	small := fit(large, Small)
	for _, t := range []struct {
		img  image.Image
		size int
	}{{large, Large}, {small, Small}} {
		if err := s.writeJPEG(ctx, thumbKey(d.BlobKey, t.size), t.img); err != nil {
			return err
		}
	}
	return s.db.ThumbnailsMade(ctx, orgID, id, "ready", w, h)
}

// upright turns img as its EXIF orientation (1–8) says, so it shows the way it was taken.
func upright(img image.Image, orientation int) image.Image {
	if turn, ok := orientations[orientation]; ok {
		return turn(img)
	}
	return img
}

// orientations are the turns of the EXIF orientations 2–8; 1 is upright already.
var orientations = map[int]func(image.Image) *image.NRGBA{
	2: imaging.FlipH, 3: imaging.Rotate180, 4: imaging.FlipV, 5: imaging.Transpose,
	6: imaging.Rotate270, 7: imaging.Transverse, 8: imaging.Rotate90,
}

// fit scales img down so its longer side is at most size; a smaller one is kept as it is. The
// photo itself is scaled by x/image/draw straight from the decoder's YCbCr (no copy to RGBA of
// all its pixels first): a third of imaging's time on a 12-megapixel photo, and a thumbnail
// looks the same.
func fit(img image.Image, size int) image.Image {
	b := img.Bounds()
	if b.Dx() <= size && b.Dy() <= size {
		return img
	}
	w, h := size, b.Dy()*size/b.Dx()
	if b.Dy() > b.Dx() {
		w, h = b.Dx()*size/b.Dy(), size
	}
	dst := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

func (s *Service) writeJPEG(ctx context.Context, key string, img image.Image) error {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, flatten(img), &jpeg.Options{Quality: 82}); err != nil {
		return err
	}
	return s.bucket.WriteAll(ctx, key, buf.Bytes(), &blob.WriterOptions{ContentType: "image/jpeg"})
}

// flatten puts a photo with transparency (PNG, WebP) on white: JPEG has no alpha. An opaque
// image (every camera's photo) is taken as it is.
func flatten(img image.Image) image.Image {
	if o, ok := img.(interface{ Opaque() bool }); ok && o.Opaque() {
		return img
	}
	bg := imaging.New(img.Bounds().Dx(), img.Bounds().Dy(), image.White.C)
	return imaging.Overlay(bg, img, image.Point{}, 1)
}
