package tiles

import (
	"container/list"
	"sync"
)

// Sized is what a cache holds: anything that knows its size in bytes.
type Sized interface{ Size() int64 }

// Cache keeps recently served tiles (or other answers) in memory up to a byte budget, dropping
// the least recently used first. Keys carry the project's content revision, so an edit makes old
// entries unreachable and they age out; nothing needs to be invalidated by hand.
type Cache[V Sized] struct {
	mu    sync.Mutex
	max   int64
	used  int64
	order *list.List // front: most recently used
	items map[string]*list.Element
}

type entry[V Sized] struct {
	key   string
	value V
}

// NewCache returns a cache holding at most maxBytes (0 disables caching).
func NewCache[V Sized](maxBytes int64) *Cache[V] {
	return &Cache[V]{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns the value under key, if cached.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		var none V
		return none, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry[V]).value, true
}

// Put stores a value; one larger than the whole budget is not kept.
func (c *Cache[V]) Put(key string, v V) {
	size := v.Size()
	if size > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.used -= el.Value.(*entry[V]).value.Size()
		c.order.Remove(el)
	}
	c.items[key] = c.order.PushFront(&entry[V]{key: key, value: v})
	c.used += size
	for c.used > c.max {
		last := c.order.Back()
		e := last.Value.(*entry[V])
		c.order.Remove(last)
		delete(c.items, e.key)
		c.used -= e.value.Size()
	}
}

// Used is the number of bytes held.
func (c *Cache[V]) Used() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
