CREATE TABLE `automation_favorites` (
	`user_id` text NOT NULL,
	`automation_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `automation_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`automation_id`) REFERENCES `automations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `automation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`automation_id` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`scene_index` integer,
	`error` text,
	FOREIGN KEY (`automation_id`) REFERENCES `automations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `automation_runs_automation_idx` ON `automation_runs` (`automation_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `automation_runs_running_idx` ON `automation_runs` (`status`) WHERE status = 'RUNNING';--> statement-breakpoint
CREATE TABLE `automations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`trigger_type` text NOT NULL,
	`cron` text,
	`sun_event` text,
	`offset_minutes` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `automations_name_key_idx` ON `automations` (`name_key`);--> statement-breakpoint
CREATE TABLE `blind_favorites` (
	`user_id` text NOT NULL,
	`blind_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `blind_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blinds` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`address_up` text NOT NULL,
	`address_down` text NOT NULL,
	`travel_time_ms` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blinds_name_key_idx` ON `blinds` (`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `blinds_address_up_idx` ON `blinds` (`address_up`);--> statement-breakpoint
CREATE UNIQUE INDEX `blinds_address_down_idx` ON `blinds` (`address_down`);--> statement-breakpoint
CREATE TABLE `scene_targets` (
	`scene_id` text NOT NULL,
	`position` integer NOT NULL,
	`blind_id` text NOT NULL,
	`side` text NOT NULL,
	PRIMARY KEY(`scene_id`, `position`),
	FOREIGN KEY (`scene_id`) REFERENCES `scenes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `scene_targets_blind_idx` ON `scene_targets` (`blind_id`);--> statement-breakpoint
CREATE TABLE `scenes` (
	`id` text PRIMARY KEY NOT NULL,
	`automation_id` text NOT NULL,
	`idx` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`automation_id`) REFERENCES `automations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scenes_automation_idx` ON `scenes` (`automation_id`,`idx`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_blinds` (
	`user_id` text NOT NULL,
	`blind_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `blind_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blind_id`) REFERENCES `blinds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_blinds_blind_idx` ON `user_blinds` (`blind_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);