CREATE TABLE `transfer_note_registers` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`changes` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
