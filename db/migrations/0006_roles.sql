-- A member's role (users.user_type) is one of a closed set. SQLite cannot add a CHECK to an
-- existing table without rebuilding it, so two triggers refuse any other value on insert and update.
UPDATE `users` SET `user_type` = 'user' WHERE `user_type` NOT IN ('user', 'admin');
--> statement-breakpoint
CREATE TRIGGER `users_role_insert_check` BEFORE INSERT ON `users`
WHEN NEW.`user_type` NOT IN ('user', 'admin')
BEGIN SELECT RAISE(ABORT, 'user_type must be one of: user, admin'); END;
--> statement-breakpoint
CREATE TRIGGER `users_role_update_check` BEFORE UPDATE OF `user_type` ON `users`
WHEN NEW.`user_type` NOT IN ('user', 'admin')
BEGIN SELECT RAISE(ABORT, 'user_type must be one of: user, admin'); END;
