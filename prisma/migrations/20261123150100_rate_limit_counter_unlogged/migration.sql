-- Every API request adds one to a counter here. Logged, each of those commits waited for its
-- WAL record to reach the disk; unlogged, a commit touching only this table writes no WAL and
-- waits for nothing (docs/PERFORMANCE.md). The price: after a crash of PostgreSQL (not a clean
-- restart) the table starts empty, and it is not copied to replicas; a minute's rate-limit
-- counts and the sign-in throttle's quarter of an hour are what that can forget.
ALTER TABLE "rate_limit_counter" SET UNLOGGED;
