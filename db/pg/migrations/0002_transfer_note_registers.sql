-- The twin of db/migrations/0036_transfer_note_registers.sql: how many times each member's
-- register of transfer notes changed, so the register's totals are summed once per change.
CREATE TABLE "transfer_note_registers" (
	"member_id" bigint NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "transfer_note_registers_pkey" PRIMARY KEY("member_id")
);
--> statement-breakpoint
ALTER TABLE "transfer_note_registers" ADD CONSTRAINT "transfer_note_registers_member_id_users_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;
