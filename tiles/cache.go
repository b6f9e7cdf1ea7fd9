package tiles

import (
	"container/list"
	"sync"
)

// Cache keeps recently served tiles in memory up to a byte budget, dropping the least recently
// used first. Keys carry the project's content revision, so an edit makes old entries unreachable
// and they age out; nothing needs to be invalidated by hand.
type Cache struct {
	mu    sync.Mutex
	max   int64
	used  int64
	order *list.List // front: most recently used
	items map[string]*list.Element
}

type entry struct {
	key  string
	tile *Tile
}

// NewCache returns a cache holding at most maxBytes of tiles (0 disables caching).
func NewCache(maxBytes int64) *Cache {
	return &Cache{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns the tile under key, if cached.
func (c *Cache) Get(key string) (*Tile, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry).tile, true
}

// Put stores a tile; one larger than the whole budget is not kept.
func (c *Cache) Put(key string, t *Tile) {
	size := t.size()
	if size > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.used -= el.Value.(*entry).tile.size()
		c.order.Remove(el)
	}
	c.items[key] = c.order.PushFront(&entry{key: key, tile: t})
	c.used += size
	for c.used > c.max {
		last := c.order.Back()
		e := last.Value.(*entry)
		c.order.Remove(last)
		delete(c.items, e.key)
		c.used -= e.tile.size()
	}
}

// Used is the number of bytes held.
func (c *Cache) Used() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
