CREATE TABLE "referral_claims" (
	"address_hash" text NOT NULL,
	"day" date NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_claims_address_hash_day_pk" PRIMARY KEY("address_hash","day")
);
