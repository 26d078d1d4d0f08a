CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`holiday_enabled` integer DEFAULT false NOT NULL,
	`holiday_since` integer,
	`holiday_paused_from` integer,
	`holiday_paused_until` integer,
	`random_offset_minutes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `blinds` ADD `travel_time_known` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `facade_azimuth` integer;--> statement-breakpoint
ALTER TABLE `blinds` ADD `fov_left` integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `fov_right` integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `min_elevation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shade_position` integer;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shade_tilt` integer;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shading_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shading_min_brightness` integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shading_return_position` integer;--> statement-breakpoint
ALTER TABLE `blinds` ADD `shading_resume_at` text;--> statement-breakpoint
-- Blinds from before this migration still on the 60 s guess each way never had a travel time given.
UPDATE `blinds` SET `travel_time_known` = false WHERE `travel_time_up_ms` = 60000 AND `travel_time_down_ms` = 60000;
