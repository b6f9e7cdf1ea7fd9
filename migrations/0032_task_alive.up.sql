-- The server working a task says every few seconds that it is at it (alive_at): a running task
-- not heard of for a while is one whose server died, and is failed when its starter next looks,
-- so that person may import again within minutes instead of after the queue's rescue (an hour).
ALTER TABLE task ADD COLUMN alive_at timestamptz;
