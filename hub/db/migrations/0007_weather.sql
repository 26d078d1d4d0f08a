CREATE TABLE `weather_alarms` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`peak` real,
	`blind_ids` text NOT NULL,
	`overridden_by` text
);
--> statement-breakpoint
CREATE INDEX `weather_alarms_started_idx` ON `weather_alarms` (`started_at`);--> statement-breakpoint
CREATE TABLE `weather_minutes` (
	`at` integer PRIMARY KEY NOT NULL,
	`wind_mean` real,
	`wind_max` real,
	`rain` integer,
	`temperature` real
);
--> statement-breakpoint
CREATE TABLE `weather_sensors` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`unit` integer,
	`function` integer,
	`register` integer,
	`scale` real DEFAULT 1 NOT NULL,
	`signed` integer DEFAULT false NOT NULL,
	`poll_ms` integer NOT NULL,
	`topic` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weather_sensors_name_key_idx` ON `weather_sensors` (`name_key`);--> statement-breakpoint
ALTER TABLE `automation_runs` ADD `skipped` text;--> statement-breakpoint
ALTER TABLE `blinds` ADD `wind_limit` real;--> statement-breakpoint
ALTER TABLE `blinds` ADD `rain_protect` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `frost_protect` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `blinds` ADD `safety_position` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `wind_release_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `rain_release_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `last_rain_at` integer;