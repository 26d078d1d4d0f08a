CREATE TABLE `pv_counter` (
	`id` integer PRIMARY KEY NOT NULL,
	`wh` real NOT NULL,
	`read_at` integer NOT NULL,
	`serial` text
);
--> statement-breakpoint
CREATE TABLE `pv_energy` (
	`slot_start` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`wh` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pv_energy_day_idx` ON `pv_energy` (`day`);--> statement-breakpoint
CREATE TABLE `pv_samples` (
	`at` integer PRIMARY KEY NOT NULL,
	`power_w` real,
	`dc_power_w` real
);
