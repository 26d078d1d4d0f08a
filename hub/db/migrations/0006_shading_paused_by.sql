ALTER TABLE `shading_states` ADD `paused_by_kind` text;--> statement-breakpoint
ALTER TABLE `shading_states` ADD `paused_by_id` text;