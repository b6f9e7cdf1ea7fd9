package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"syscall"
	"time"

	"arbor/api"
	"arbor/files"
	"arbor/seed"
	"arbor/store"
)

// benchFiles measures photos and documents (BENCHMARKS.md "Photos and documents"): the heap's
// growth while a 20 MB photo is uploaded (multipart, streamed into the blob store), the time the
// queue's two workers take to make the thumbnails of 100 photos, and the latency of a page of
// 50 thumbnails asked for at once over HTTP, as the gallery asks.
func benchFiles(ctx context.Context, cfg config, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("bench files", flag.ContinueOnError)
	photos := fs.Int("photos", 100, "photos whose thumbnails are made")
	rounds := fs.Int("rounds", 20, "rounds of the page of 50 thumbnails")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the page of 50 thumbnails, listening, to this file")
	if err := fs.Parse(args); err != nil {
		return configError{err.Error()}
	}
	u, err := seed.BenchUser(ctx, db)
	if err != nil {
		return err
	}
	org, err := db.CreateOrganisation(ctx, u.ID, store.OrganisationFields{Name: fmt.Sprintf("Files bench %d", time.Now().UnixNano()), InvoiceType: "billing", Location: "en", Country: "DE"})
	if err != nil {
		return err
	}
	p, err := db.CreateProject(ctx, org.ID, u.ID, store.ProjectFields{Name: "Photos"})
	if err != nil {
		return err
	}
	sc := store.Content{OrganisationID: org.ID, ProjectID: p.ID, Lang: "en"}
	owner, err := db.DocumentOwner(ctx, sc, "project", p.ID)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "arbor-bench-files-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bucket, err := files.OpenBucket(ctx, "file://"+filepath.ToSlash(filepath.Join(dir, "blobs"))+"?create_dir=1&no_tmp_dir=1&metadata=skip")
	if err != nil {
		return err
	}
	defer bucket.Close()
	// Thumbnail jobs go to a queue nobody works: the bench makes them itself, timed.
	svc := files.New(db, bucket, "bench_files")
	who := store.Actor{UserID: u.ID}

	// 1. A 20 MB photo through multipart into the blob store, the heap watched.
	big := filepath.Join(dir, "big.jpg")
	size, err := writeNoisePhoto(big, 20<<20)
	if err != nil {
		return err
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	peak := watchHeap()
	start := time.Now()
	if err := uploadMultipart(ctx, svc, *owner, who, big); err != nil {
		return err
	}
	took := time.Since(start)
	growth := int64(peak()) - int64(before.HeapAlloc)
	fmt.Printf("upload of a %.1f MB photo: %v, heap growth %.1f MB (target < 10 MB)\n", float64(size)/(1<<20), took.Round(time.Millisecond), float64(growth)/(1<<20))

	// 2. Thumbnails of n camera-sized photos (12 MP), two at a time as the queue works them.
	photo, err := cameraPhoto()
	if err != nil {
		return err
	}
	ids := make([]string, 0, *photos)
	for i := 0; i < *photos; i++ {
		d, _, err := svc.Save(ctx, files.Upload{Owner: *owner, Who: who, Name: fmt.Sprintf("photo-%03d.jpg", i)}, bytes.NewReader(photo))
		if err != nil {
			return err
		}
		ids = append(ids, d.ID)
	}
	start = time.Now()
	cpu0 := processCPU()
	work := make(chan string)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				if err := svc.MakeThumbnails(ctx, org.ID, id); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
				}
			}
		}()
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	fmt.Printf("thumbnails of %d photos of %.1f MB (4000×3000): %v, two workers (target < 30 s)\n", *photos, float64(len(photo))/(1<<20), time.Since(start).Round(time.Millisecond))
	// The processor time the work took is what other sessions on a shared machine cannot
	// inflate much: on two idle cores the two workers would take about half of it.
	cpu := processCPU() - cpu0
	fmt.Printf("  processor time %v (%v a photo): on two idle cores about %v\n", cpu.Round(time.Millisecond),
		(cpu / time.Duration(*photos)).Round(time.Millisecond), (cpu / 2).Round(time.Millisecond))

	// 3. A page of 50 thumbnails over HTTP, all at once as a browser asks (6 connections).
	token, err := benchToken(ctx, db, u)
	if err != nil {
		return err
	}
	srv := api.New(api.Config{DB: db, Signer: benchSigner, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), BaseURL: "http://bench", Files: svc})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	defer hs.Close()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 6, MaxIdleConnsPerHost: 6}}
	base := "http://" + ln.Addr().String()
	page := func(what string) error {
		cpu0 := processCPU()
		pages, lat, err := thumbnailPages(ctx, client, base, p.ID, token, ids[:min(50, len(ids))], *rounds)
		if err != nil {
			return err
		}
		cpu := (processCPU() - cpu0) / time.Duration(*rounds)
		fmt.Printf("page of 50 thumbnails (%d rounds, %s): whole page p50 %v, p95 %v (target < 50 ms); one thumbnail p50 %v, p95 %v; processor time of server and client a page %v\n",
			*rounds, what, quantile(pages, 0.5), quantile(pages, 0.95), quantile(lat, 0.5), quantile(lat, 0.95), cpu.Round(100*time.Microsecond))
		return nil
	}
	if err := page("every lookup in the database"); err != nil {
		return err
	}
	// As arbor serve runs: listening for the database's change notices, a gallery's requests
	// take the session and the access from the short-lived caches (api/freshness.go).
	listenCtx, stopListening := context.WithCancel(ctx)
	defer stopListening()
	go srv.Listen(listenCtx)
	for !srv.Listening() {
		time.Sleep(10 * time.Millisecond)
	}
	stopProfile, err := cpuProfile(*profile)
	if err != nil {
		return err
	}
	defer stopProfile()
	return page("listening, as arbor serve")
}

// thumbnailPages asks for the thumbnails of ids all at once, as a gallery's browser does, rounds
// times, and answers the sorted times of each whole page and of each thumbnail.
func thumbnailPages(ctx context.Context, client *http.Client, base, project, token string, ids []string, rounds int) (pages, lat []time.Duration, firstErr error) {
	for r := 0; r < rounds; r++ {
		pageStart := time.Now()
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/document/thumbnail/"+id+"?project="+project, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := client.Do(req)
				if err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						err = fmt.Errorf("thumbnail: status %d", res.StatusCode)
					}
				}
				mu.Lock()
				defer mu.Unlock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				lat = append(lat, time.Since(t0))
			}()
		}
		wg.Wait()
		pages = append(pages, time.Since(pageStart))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	sort.Slice(pages, func(i, j int) bool { return pages[i] < pages[j] })
	return pages, lat, firstErr
}

// quantile is the f-quantile of sorted durations, rounded to 0.1 ms.
func quantile(l []time.Duration, f float64) time.Duration {
	return l[int(f*float64(len(l)-1))].Round(100 * time.Microsecond)
}

// uploadMultipart sends a file as a browser does, a multipart body streamed through a pipe, and
// reads it as the API does, part by part, into the file store.
func uploadMultipart(ctx context.Context, svc *files.Service, owner store.DocumentOwner, who store.Actor, path string) error {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			pw.CloseWithError(err)
			return
		}
		defer f.Close()
		part, _ := mw.CreateFormFile("file", filepath.Base(path))
		if _, err := io.Copy(part, f); err != nil {
			pw.CloseWithError(err)
			return
		}
		pw.CloseWithError(mw.Close())
	}()
	mr := multipart.NewReader(pr, mw.Boundary())
	part, err := mr.NextPart()
	if err != nil {
		return err
	}
	_, _, err = svc.Save(ctx, files.Upload{Owner: owner, Who: who, Name: part.FileName()}, part)
	io.Copy(io.Discard, pr)
	return err
}

// writeNoisePhoto writes a JPEG of noise of at least size bytes (noise does not compress).
func writeNoisePhoto(path string, size int) (int64, error) {
	side := 2400
	for {
		img := image.NewYCbCr(image.Rect(0, 0, side, side), image.YCbCrSubsampleRatio444)
		r := rand.New(rand.NewPCG(1, 2))
		for i := range img.Y {
			img.Y[i] = uint8(r.UintN(256))
		}
		for i := range img.Cb {
			img.Cb[i], img.Cr[i] = uint8(r.UintN(256)), uint8(r.UintN(256))
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
			return 0, err
		}
		if buf.Len() >= size {
			return int64(buf.Len()), os.WriteFile(path, buf.Bytes(), 0o600)
		}
		side = side * 115 / 100
	}
}

// cameraPhoto is a 12-megapixel JPEG of smooth colours with some grain, about as a camera's.
func cameraPhoto() ([]byte, error) {
	const w, h = 4000, 3000
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(3, 4))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := uint8(r.UintN(24))
			img.SetRGBA(x, y, color.RGBA{uint8(x*255/w) + n, uint8(y*255/h) + n, 120 + n, 255})
		}
	}
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 88})
	return buf.Bytes(), err
}

// processCPU is the processor time (user and system) this process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
