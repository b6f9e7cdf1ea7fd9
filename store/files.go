package store

import (
	"arbor/fields"
	"context"
	"errors"
	"strconv"
	"time"

	"arbor"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Photos and documents: the record of each file (its bytes are in the blob store, files/) and the
// organisation's storage quota, counted here in SQL under a lock of the organisation so that
// uploads at the same moment cannot pass it together (docs/API.md "Photos and documents").

// Document is a stored photo or document as people see it.
type Document struct {
	ID           string     `json:"id"`
	Project      *string    `json:"project"`
	ObjectType   string     `json:"object_type"` // tree, group, check, action, job, project, organisation
	ObjectID     string     `json:"object_id"`
	Tree         *string    `json:"tree"` // the tree or group of a tree's, inspection's or work's file
	ClientID     *string    `json:"client_id"`
	Kind         string     `json:"kind"` // photo, document
	Name         string     `json:"name"`
	ContentType  string     `json:"content_type"`
	Size         int64      `json:"size"`
	SHA256       string     `json:"sha256"`
	Caption      string     `json:"caption"`
	Width        *int       `json:"width"`
	Height       *int       `json:"height"`
	TakenAt      *time.Time `json:"taken_at"` // the camera's clock, without a zone
	TakenLat     *float64   `json:"taken_lat"`
	TakenLon     *float64   `json:"taken_lon"`
	Thumbs       string     `json:"thumbs"` // none, pending, ready, failed
	Username     string     `json:"username"`
	Alias        string     `json:"alias"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	BlobKey      string     `json:"-"`
	Organisation string     `json:"-"`
}

// DocumentOwner is the object a file is attached to, found within the caller's scope.
type DocumentOwner struct {
	Organisation string
	Project      *string
	Type         string
	ID           string
	Tree         *string
	Check        *string
	Action       *string
	Job          *string
}

// NewDocument is a file stored in the blob store, to be recorded.
type NewDocument struct {
	Owner       DocumentOwner
	ClientID    string
	BlobKey     string
	Kind        string
	Name        string
	ContentType string
	Size        int64
	SHA256      string
	Caption     string
	Width       *int
	Height      *int
	TakenAt     *time.Time
	TakenLat    *float64
	TakenLon    *float64
}

// DataSpace is an organisation's storage for photos and documents.
type DataSpace struct {
	MBMax          int     `json:"data_space_mb_max"`
	BytesUsed      int64   `json:"data_space_bytes_used"`
	MBUsed         float64 `json:"data_space_mb_used"`
	PercentInUse   float64 `json:"data_space_percent_in_use"`
	BytesAvailable int64   `json:"data_space_bytes_available"`
}

func newDataSpace(mbMax int, used int64) DataSpace {
	d := DataSpace{MBMax: mbMax, BytesUsed: used, MBUsed: float64(used) / (1 << 20)}
	if max := int64(mbMax) << 20; max > 0 {
		d.PercentInUse = float64(used) * 100 / float64(max)
		d.BytesAvailable = max - used
	}
	if d.BytesAvailable < 0 {
		d.BytesAvailable = 0
	}
	return d
}

// FileQueue is the queue photos' thumbnails are made in, and the blob store swept.
const FileQueue = "files"

// ThumbnailJob is the queue's job of making a photo's thumbnails.
type ThumbnailJob struct {
	Organisation string `json:"organisation"`
	Document     string `json:"document"`
}

// Kind names the job among the queue's.
func (ThumbnailJob) Kind() string { return "document_thumbnails" }

// InsertOpts: a few tries; a photo that cannot be decoded is marked failed by the last.
func (ThumbnailJob) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// SweepJob is the queue's periodic job of removing blobs whose file records are gone.
type SweepJob struct{}

// Kind names the job among the queue's.
func (SweepJob) Kind() string { return "document_sweep" }

// InsertOpts: one sweep a minute is enough for each blob store, and each store has its file
// queue: a sweep in one queue must not stand in for another's (tests start several stores).
func (SweepJob) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: time.Minute, ByQueue: true}}
}

const documentColumns = `d.id, d.organisation_id, d.project_id, d.object_type, d.object_id, d.tree_id, d.client_id, d.kind,
	d.name, d.content_type, d.size, d.sha256, d.caption, d.width, d.height, d.taken_at, d.taken_lat, d.taken_lon,
	d.thumbs, d.username, d.alias, d.created_at, d.updated_at, d.blob_key`

func scanDocument(row pgx.Row) (*Document, error) {
	var d Document
	var taken *time.Time
	err := row.Scan(&d.ID, &d.Organisation, &d.Project, &d.ObjectType, &d.ObjectID, &d.Tree, &d.ClientID, &d.Kind,
		&d.Name, &d.ContentType, &d.Size, &d.SHA256, &d.Caption, &d.Width, &d.Height, &taken, &d.TakenLat, &d.TakenLon,
		&d.Thumbs, &d.Username, &d.Alias, &d.CreatedAt, &d.UpdatedAt, &d.BlobKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	if taken != nil {
		t := time.Date(taken.Year(), taken.Month(), taken.Day(), taken.Hour(), taken.Minute(), taken.Second(), 0, time.UTC)
		d.TakenAt = &t
	}
	return &d, err
}

// DocumentOwner finds the object of a project a file is to be attached to, or whose files are
// listed: a tree or group (within the caller's access limit), an inspection or work of one, a
// job or the project itself. ENOTFOUND for anything else.
func (s *Queries) DocumentOwner(ctx context.Context, sc Content, objectType, objectID string) (*DocumentOwner, error) {
	notFound := arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	if !fields.IsUUID(objectID) {
		return nil, notFound
	}
	project := sc.ProjectID
	o := &DocumentOwner{Organisation: sc.OrganisationID, Project: &project, Type: objectType, ID: objectID}
	var tree string
	var cond string
	switch objectType {
	case "tree", "group":
		cond = `SELECT t.id FROM tree t WHERE t.organisation_id = $1 AND t.project_id = $2 AND t.id = $3::uuid
			AND t.single_tree = ` + map[bool]string{true: "true", false: "false"}[objectType == "tree"]
	case "check":
		cond = `SELECT t.id FROM tree_check c JOIN tree t ON t.organisation_id = c.organisation_id AND t.id = c.tree_id
			WHERE c.organisation_id = $1 AND c.project_id = $2 AND c.id = $3::uuid`
		o.Check = &o.ID
	case "action":
		cond = `SELECT t.id FROM tree_action a JOIN tree t ON t.organisation_id = a.organisation_id AND t.id = a.tree_id
			WHERE a.organisation_id = $1 AND a.project_id = $2 AND a.id = $3::uuid`
		o.Action = &o.ID
	case "job":
		var ok bool
		if err := s.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM job WHERE organisation_id = $1 AND project_id = $2 AND id = $3::uuid)`,
			sc.OrganisationID, sc.ProjectID, objectID).Scan(&ok); err != nil {
			return nil, err
		}
		if !ok {
			return nil, notFound
		}
		o.Job = &o.ID
		return o, nil
	case "project":
		if objectID != sc.ProjectID {
			return nil, notFound
		}
		return o, nil
	default:
		return nil, arbor.Invalid(map[string]string{"object_type": "files.object_type"})
	}
	limit, args, err := sc.limitSQL([]any{sc.OrganisationID, sc.ProjectID, objectID})
	if err != nil {
		return nil, err
	}
	err = s.q.QueryRow(ctx, cond+limit, args...).Scan(&tree)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	o.Tree = &tree
	return o, nil
}

// lockDataSpace holds the organisation's storage until the transaction ends: every upload
// counts the space in use under it, so two cannot both take the last of it.
func (tx *Tx) lockDataSpace(ctx context.Context, orgID string) error {
	_, err := tx.q.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('arbor.document:' || $1::text, 0))`, orgID)
	return err
}

// DataSpace reads an organisation's storage and how much of it is in use.
func (s *Queries) DataSpace(ctx context.Context, orgID string) (DataSpace, error) {
	var max int
	var used int64
	err := s.q.QueryRow(ctx, `SELECT o.data_space_mb_max,
			((SELECT coalesce(sum(d.size), 0) FROM document d WHERE d.organisation_id = o.id) +
			 (SELECT coalesce(sum(m.size), 0) FROM background_map m WHERE m.organisation_id = o.id))::bigint
		FROM organisation o WHERE o.id = $1`, orgID).Scan(&max, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return DataSpace{}, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return newDataSpace(max, used), err
}

// DocumentByClientID reads the file an app uploaded with its own id before, if any.
func (s *Queries) DocumentByClientID(ctx context.Context, orgID, clientID string) (*Document, error) {
	d, err := scanDocument(s.q.QueryRow(ctx, `SELECT `+documentColumns+` FROM document d
		WHERE d.organisation_id = $1 AND d.client_id = $2`, orgID, clientID))
	if arbor.ErrorCode(err) == arbor.ENOTFOUND {
		return nil, nil
	}
	return d, err
}

// AddDocument records a stored file within the organisation's quota and queues a photo's
// thumbnails. A file of the same client id recorded before is answered instead (created false):
// the caller then removes its own copy of the bytes. 'photo storage full' (ETOOLARGE) when the
// file does not fit.
func (tx *Tx) AddDocument(ctx context.Context, who Actor, queue string, n NewDocument) (*Document, bool, error) {
	org := n.Owner.Organisation
	if err := tx.lockDataSpace(ctx, org); err != nil {
		return nil, false, err
	}
	if n.ClientID != "" {
		if d, err := tx.DocumentByClientID(ctx, org, n.ClientID); err != nil || d != nil {
			return d, false, err
		}
	}
	space, err := tx.DataSpace(ctx, org)
	if err != nil {
		return nil, false, err
	}
	if n.Size > space.BytesAvailable {
		return nil, false, arbor.Errorf(arbor.ETOOLARGE, "files.storage_full", nil)
	}
	if err := tx.setActor(ctx, who); err != nil {
		return nil, false, err
	}
	thumbs := "none"
	if n.Kind == "photo" {
		thumbs = "pending"
	}
	var taken any
	if n.TakenAt != nil {
		taken = n.TakenAt.Format("2006-01-02 15:04:05")
	}
	d, err := scanDocument(tx.q.QueryRow(ctx, `WITH d AS (
			INSERT INTO document (organisation_id, project_id, object_type, object_id, tree_id, check_id, action_id, job_id,
				client_id, blob_key, kind, name, content_type, size, sha256, caption, width, height,
				taken_at, taken_lat, taken_lon, thumbs, user_id, username, alias)
			SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::timestamp, $20, $21, $22,
				a.user_id, a.username, a.alias
			FROM arbor_actor() a
			RETURNING *)
		SELECT `+documentColumns+` FROM d`,
		org, n.Owner.Project, n.Owner.Type, n.Owner.ID, n.Owner.Tree, n.Owner.Check, n.Owner.Action, n.Owner.Job,
		nullIfEmpty(n.ClientID), n.BlobKey, n.Kind, n.Name, n.ContentType, n.Size, n.SHA256, n.Caption, n.Width, n.Height,
		taken, n.TakenLat, n.TakenLon, thumbs))
	if err != nil {
		return nil, false, err
	}
	if n.Kind == "photo" {
		if err := tx.Enqueue(ctx, queue, ThumbnailJob{Organisation: org, Document: d.ID}); err != nil {
			return nil, false, err
		}
	}
	return d, true, nil
}

// documentScope is the condition that keeps a query of files (alias d, with tree t joined) in
// the caller's project and access limit, binding after args. Files of trees outside the limit
// are not seen; the project's and jobs' own files are.
func (sc Content) documentScope(args []any) (string, []any, error) {
	args = append(args, sc.OrganisationID, sc.ProjectID)
	cond := `d.organisation_id = $` + strconv.Itoa(len(args)-1) + ` AND d.project_id = $` + strconv.Itoa(len(args))
	limit, args, err := limitCondition(sc.Limit, args)
	if err != nil || limit == "" {
		return cond, args, err
	}
	return cond + ` AND (d.tree_id IS NULL OR (` + limit + `))`, args, nil
}

const documentFrom = ` FROM document d LEFT JOIN tree t ON t.organisation_id = d.organisation_id AND t.id = d.tree_id`

// Documents lists the files of an object, newest first: a tree's or group's own and those of its
// inspections and works; any other object's own.
func (s *Queries) Documents(ctx context.Context, sc Content, o *DocumentOwner) ([]*Document, error) {
	where, args, err := sc.documentScope(nil)
	if err != nil {
		return nil, err
	}
	args = append(args, o.ID)
	of := ` AND d.object_id = $` + strconv.Itoa(len(args))
	if o.Type == "tree" || o.Type == "group" {
		of = ` AND d.tree_id = $` + strconv.Itoa(len(args))
	}
	rows, err := s.q.Query(ctx, `SELECT `+documentColumns+documentFrom+` WHERE `+where+of+` ORDER BY d.created_at DESC, d.id`, args...)
	return scanAll(rows, err, scanDocument)
}

// Document reads one file of the project within the caller's access limit.
func (s *Queries) Document(ctx context.Context, sc Content, id string) (*Document, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	where, args, err := sc.documentScope(nil)
	if err != nil {
		return nil, err
	}
	args = append(args, id)
	return scanDocument(s.q.QueryRow(ctx, `SELECT `+documentColumns+documentFrom+` WHERE `+where+` AND d.id = $`+strconv.Itoa(len(args)), args...))
}

// OrganisationDocuments lists the organisation's own files, newest first.
func (s *Queries) OrganisationDocuments(ctx context.Context, orgID string) ([]*Document, error) {
	rows, err := s.q.Query(ctx, `SELECT `+documentColumns+` FROM document d
		WHERE d.organisation_id = $1 AND d.object_type = 'organisation' ORDER BY d.created_at DESC, d.id`, orgID)
	return scanAll(rows, err, scanDocument)
}

// OrganisationDocument reads one of the organisation's own files.
func (s *Queries) OrganisationDocument(ctx context.Context, orgID, id string) (*Document, error) {
	if !fields.IsUUID(id) {
		return nil, arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return scanDocument(s.q.QueryRow(ctx, `SELECT `+documentColumns+` FROM document d
		WHERE d.organisation_id = $1 AND d.object_type = 'organisation' AND d.id = $2`, orgID, id))
}

// DocumentByID reads a file by its organisation and id alone, for the queue's work.
func (s *Queries) DocumentByID(ctx context.Context, orgID, id string) (*Document, error) {
	return scanDocument(s.q.QueryRow(ctx, `SELECT `+documentColumns+` FROM document d
		WHERE d.organisation_id = $1 AND d.id = $2`, orgID, id))
}

// DocumentEdit is a change of a file's name or caption; nil leaves it.
type DocumentEdit struct {
	Name    *string
	Caption *string
}

// EditDocument renames a file or changes its caption (d was read in the caller's scope).
func (tx *Tx) EditDocument(ctx context.Context, who Actor, d *Document, e DocumentEdit) (*Document, error) {
	if err := tx.setActor(ctx, who); err != nil {
		return nil, err
	}
	return scanDocument(tx.q.QueryRow(ctx, `WITH d AS (
			UPDATE document SET name = coalesce($3, name), caption = coalesce($4, caption), updated_at = now()
			WHERE organisation_id = $1 AND id = $2 RETURNING *)
		SELECT `+documentColumns+` FROM d`, d.Organisation, d.ID, e.Name, e.Caption))
}

// DeleteDocument removes a file's record (d was read in the caller's scope); its blobs are noted
// for removal (document_orphan) by the database.
func (tx *Tx) DeleteDocument(ctx context.Context, who Actor, d *Document) error {
	if err := tx.setActor(ctx, who); err != nil {
		return err
	}
	tag, err := tx.q.Exec(ctx, `DELETE FROM document WHERE organisation_id = $1 AND id = $2`, d.Organisation, d.ID)
	if err == nil && tag.RowsAffected() == 0 {
		return arbor.Errorf(arbor.ENOTFOUND, "error.not_found", nil)
	}
	return err
}

// ThumbnailsMade records that a photo's thumbnails are in the blob store (or could not be made),
// with the photo's size in pixels as it is shown (turned upright).
func (s *Queries) ThumbnailsMade(ctx context.Context, orgID, id, state string, width, height int) error {
	_, err := s.q.Exec(ctx, `UPDATE document SET thumbs = $3, width = coalesce(nullif($4, 0), width),
			height = coalesce(nullif($5, 0), height)
		WHERE organisation_id = $1 AND id = $2`, orgID, id, state, width, height)
	return err
}

// OrphanBlobs lists up to limit blob keys whose file records are gone, oldest first.
func (s *Queries) OrphanBlobs(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.q.Query(ctx, `SELECT blob_key FROM document_orphan ORDER BY since LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// ForgetOrphans removes blob keys from the sweep's list once their blobs are gone.
func (s *Queries) ForgetOrphans(ctx context.Context, keys []string) error {
	_, err := s.q.Exec(ctx, `DELETE FROM document_orphan WHERE blob_key = ANY($1)`, keys)
	return err
}

// UnknownBlobs says which of keys no file record holds: blobs left by an upload that stopped
// between storing its bytes and recording them.
func (s *Queries) UnknownBlobs(ctx context.Context, keys []string) ([]string, error) {
	rows, err := s.q.Query(ctx, `SELECT k FROM unnest($1::text[]) k
		WHERE NOT EXISTS (SELECT 1 FROM document d WHERE d.blob_key = k)`, keys)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// SetDataSpace sets an organisation's storage in MB (a bought photo storage package, or tests).
func (s *Queries) SetDataSpace(ctx context.Context, orgID string, mb int) error {
	_, err := s.q.Exec(ctx, `UPDATE organisation SET data_space_mb_max = $2 WHERE id = $1`, orgID, mb)
	return err
}
