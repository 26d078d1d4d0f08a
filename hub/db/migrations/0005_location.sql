ALTER TABLE `settings` ADD `location_lat` real;--> statement-breakpoint
ALTER TABLE `settings` ADD `location_lon` real;