CREATE TABLE `shading_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`blind_id` text NOT NULL,
	`at` integer NOT NULL,
	`reason` text NOT NULL,
	`from_position` real,
	`from_tilt` real,
	`to_position` integer NOT NULL,
	`to_tilt` integer,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shading_moves_blind_idx` ON `shading_moves` (`blind_id`,`at`);--> statement-breakpoint
CREATE TABLE `shading_states` (
	`blind_id` text PRIMARY KEY NOT NULL,
	`active` integer NOT NULL,
	`since` integer,
	`last_move_at` integer,
	`reason` text,
	`return_position` real,
	`return_tilt` real,
	`paused_until` integer,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE cascade
);
