CREATE TABLE "account_permissions" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	CONSTRAINT "account_permissions_account_id_key_pk" PRIMARY KEY("account_id","key")
);
