CREATE TABLE `blind_motions` (
	`blind_id` text PRIMARY KEY NOT NULL,
	`side` text NOT NULL,
	`relay_ms` integer NOT NULL,
	`board_timed` integer NOT NULL,
	`delay_left_ms` integer NOT NULL,
	`from_position` real,
	`from_tilt` real,
	`written_at` integer NOT NULL,
	`acknowledged_at` integer,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scene_blinds` (
	`scene_id` text NOT NULL,
	`idx` integer NOT NULL,
	`blind_id` text NOT NULL,
	PRIMARY KEY(`scene_id`, `idx`),
	FOREIGN KEY (`scene_id`) REFERENCES `scenes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `scene_blinds_blind_idx` ON `scene_blinds` (`blind_id`);--> statement-breakpoint
ALTER TABLE `blinds` RENAME COLUMN `travel_time_ms` TO `travel_time_up_ms`;--> statement-breakpoint
-- Blinds from before this migration travel as long each way: both times start as the one they had.
ALTER TABLE `blinds` ADD `travel_time_down_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `blinds` SET `travel_time_down_ms` = `travel_time_up_ms`;--> statement-breakpoint
ALTER TABLE `blinds` ADD `motor_start_delay_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `tilt_time_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `room` text;--> statement-breakpoint
ALTER TABLE `blinds` ADD `my_position` integer;--> statement-breakpoint
ALTER TABLE `blinds` ADD `position` real;--> statement-breakpoint
ALTER TABLE `blinds` ADD `tilt` real;--> statement-breakpoint
ALTER TABLE `scenes` ADD `target_position` integer;--> statement-breakpoint
ALTER TABLE `scenes` ADD `target_tilt` integer;--> statement-breakpoint
CREATE VIEW `scene_blind_uses` AS SELECT scene_id, blind_id FROM scene_targets UNION ALL SELECT scene_id, blind_id FROM scene_blinds;