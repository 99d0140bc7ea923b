-- A delivery answered "try later" (5xx, 429, no answer) is retried for a bounded time, then parked for staff like a
-- refused one (src/webhooks/outbox.ts, OUTBOX_GIVE_UP_HOURS): retrying_since is when its current run of passing
-- failures began; "send again" clears it, so a resent delivery gets the whole time again.
ALTER TABLE outbox ADD COLUMN retrying_since INTEGER;
