CREATE TABLE "login_attempts" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_attempts_email_ip_pk" PRIMARY KEY("email","ip")
);
