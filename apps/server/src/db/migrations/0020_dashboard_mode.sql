CREATE TYPE "public"."dashboard_mode" AS ENUM('freelancer', 'owner');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dashboard_mode" "dashboard_mode";