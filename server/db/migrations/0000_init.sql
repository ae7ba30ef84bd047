CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"country" text NOT NULL,
	"address" text,
	"postal_code" text,
	"city" text,
	"registration_number" text,
	"advisor_id" integer,
	"can_access_training_plan" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_brand_check" CHECK ("accounts"."brand" in ('fr','be','es','es-campus'))
);
--> statement-breakpoint
CREATE TABLE "advisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"gender" text DEFAULT 'M' NOT NULL,
	"avatar_path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"email" text,
	"payload" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" in ('password_reset','cross_platform','invitation'))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"type" text DEFAULT 'standard' NOT NULL,
	"product_name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_type_check" CHECK ("contracts"."type" in ('standard','shop','readonly')),
	CONSTRAINT "contracts_owner_check" CHECK ("contracts"."account_id" is not null or "contracts"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_account_id_pk" PRIMARY KEY("user_id","account_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('holder','referent','learner'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text,
	"phone" text,
	"mobile_phone" text,
	"birth_date" date,
	"profession" text DEFAULT 'pharmacist' NOT NULL,
	"professional_number" text,
	"brand" text DEFAULT 'fr' NOT NULL,
	"locale" text DEFAULT 'fr-FR' NOT NULL,
	"app_id" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"advisor_id" integer,
	"current_account_id" integer,
	"must_give_consent" boolean DEFAULT false NOT NULL,
	"has_given_consent" boolean,
	"consent_at" timestamp with time zone,
	"is_partner_care_client" boolean DEFAULT false NOT NULL,
	"avatar_path" text,
	"sort_option" text,
	"volume" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_brand_check" CHECK ("users"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "users_volume_check" CHECK ("users"."volume" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"organisation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "associated_trainings" (
	"training_id" integer NOT NULL,
	"associated_training_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "associated_trainings_training_id_associated_training_id_pk" PRIMARY KEY("training_id","associated_training_id"),
	CONSTRAINT "associated_trainings_self_check" CHECK ("associated_trainings"."training_id" <> "associated_trainings"."associated_training_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"position" integer NOT NULL,
	"module_type" integer NOT NULL,
	"name" text NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courses_module_type_check" CHECK ("courses"."module_type" in (1,2,3,4,5,6,7,9)),
	CONSTRAINT "courses_duration_check" CHECK ("courses"."duration_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dpc_programme_agreements" (
	"programme_id" integer NOT NULL,
	"agreement_id" integer NOT NULL,
	CONSTRAINT "dpc_programme_agreements_programme_id_agreement_id_pk" PRIMARY KEY("programme_id","agreement_id")
);
--> statement-breakpoint
CREATE TABLE "dpc_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"action_number" text NOT NULL,
	"name" text NOT NULL,
	"illustration" text,
	"video_id" text,
	"price_ht_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dpc_programmes_action_number_check" CHECK ("dpc_programmes"."action_number" ~ '^[0-9]{11}$'),
	CONSTRAINT "dpc_programmes_price_check" CHECK ("dpc_programmes"."price_ht_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "face_to_face_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"face_to_face_id" integer NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"marketing_city" text,
	"postal_code" text,
	"address" text,
	"start_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"max_participants" integer NOT NULL,
	"current_participants" integer DEFAULT 0 NOT NULL,
	"multi_dates" boolean DEFAULT false NOT NULL,
	"trainer_id" integer,
	"virtual_class_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_to_face_sessions_max_check" CHECK ("face_to_face_sessions"."max_participants" > 0),
	CONSTRAINT "face_to_face_sessions_seats_check" CHECK ("face_to_face_sessions"."current_participants" >= 0 and "face_to_face_sessions"."current_participants" <= "face_to_face_sessions"."max_participants")
);
--> statement-breakpoint
CREATE TABLE "face_to_faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"name" text NOT NULL,
	"virtual_class" boolean DEFAULT false NOT NULL,
	"no_waiting_list" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "fundings_code_check" CHECK ("fundings"."code" in ('DPC','FUNDAE','BONIFICABLE','FIFPL','OPCO','free'))
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"media_path" text,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modules_type_check" CHECK ("modules"."type" in (1,2,3,4,5,6,7,9)),
	CONSTRAINT "modules_duration_check" CHECK ("modules"."duration_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "objectives" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"type" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "objectives_type_check" CHECK ("objectives"."type" in (1,2))
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"bio" text,
	"photo" text,
	CONSTRAINT "people_brand_check" CHECK ("people"."brand" in ('fr','be','es','es-campus'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"user_id" integer,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "session_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "session_dates_time_check" CHECK ("session_dates"."end_time" > "session_dates"."start_time")
);
--> statement-breakpoint
CREATE TABLE "training_fundings" (
	"training_id" integer NOT NULL,
	"funding_id" integer NOT NULL,
	CONSTRAINT "training_fundings_training_id_funding_id_pk" PRIMARY KEY("training_id","funding_id")
);
--> statement-breakpoint
CREATE TABLE "training_people" (
	"training_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_people_training_id_person_id_role_pk" PRIMARY KEY("training_id","person_id","role"),
	CONSTRAINT "training_people_role_check" CHECK ("training_people"."role" in ('trainer','author'))
);
--> statement-breakpoint
CREATE TABLE "training_tags" (
	"training_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "training_tags_training_id_tag_pk" PRIMARY KEY("training_id","tag")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"description" text DEFAULT '' NOT NULL,
	"objectives" text,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"face_to_face_duration_minutes" integer,
	"price_ht_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"credits" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"main_illustration" text,
	"video_id" text,
	"naocare_link" text,
	"partner_link" text,
	"groupement" text,
	"provider_name" text,
	"training_organization" text,
	"pharmacists_only" boolean DEFAULT false NOT NULL,
	"non_pharmacists_only" boolean DEFAULT false NOT NULL,
	"holders_only" boolean DEFAULT false NOT NULL,
	"non_holders_only" boolean DEFAULT false NOT NULL,
	"direct_access" boolean DEFAULT false NOT NULL,
	"display_for_all" boolean DEFAULT false NOT NULL,
	"available_on_space" boolean DEFAULT true NOT NULL,
	"available_on_store" boolean DEFAULT true NOT NULL,
	"available_functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_quiz" boolean DEFAULT false NOT NULL,
	"has_new_version" boolean DEFAULT false NOT NULL,
	"obsolete" boolean DEFAULT false NOT NULL,
	"outdated" boolean DEFAULT false NOT NULL,
	"work_in_progress" boolean DEFAULT false NOT NULL,
	"is_epp" boolean DEFAULT false NOT NULL,
	"epp_type" text,
	"plan_f2f" boolean DEFAULT false NOT NULL,
	"face_to_face_first" boolean DEFAULT false NOT NULL,
	"no_pif" boolean DEFAULT false NOT NULL,
	"no_contract_required" boolean DEFAULT false NOT NULL,
	"org_dom_tom" boolean DEFAULT false NOT NULL,
	"sessions_on_demand" boolean DEFAULT false NOT NULL,
	"external_platform_url" text,
	"cant_start_message" text,
	"custom_register_link" text,
	"more_infos" text,
	"legal_notice" text,
	"seo_title" text,
	"seo_description" text,
	"rating_average" numeric(3, 2),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"last_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainings_brand_check" CHECK ("trainings"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "trainings_lang_check" CHECK ("trainings"."lang" in ('fr','es')),
	CONSTRAINT "trainings_type_check" CHECK ("trainings"."type" in ('dpc','mixt','formation','faceToFaceOnly','virtualClass','pdf','video','podcast','webinar','quiz')),
	CONSTRAINT "trainings_duration_check" CHECK ("trainings"."duration_minutes" >= 0),
	CONSTRAINT "trainings_price_check" CHECK ("trainings"."price_ht_cents" >= 0),
	CONSTRAINT "trainings_currency_check" CHECK ("trainings"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "trainings_rating_check" CHECK ("trainings"."rating_average" is null or "trainings"."rating_average" between 0 and 5),
	CONSTRAINT "trainings_rating_count_check" CHECK ("trainings"."rating_count" >= 0),
	CONSTRAINT "trainings_audience_pharmacist_check" CHECK (not ("trainings"."pharmacists_only" and "trainings"."non_pharmacists_only")),
	CONSTRAINT "trainings_audience_holder_check" CHECK (not ("trainings"."holders_only" and "trainings"."non_holders_only"))
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_training_id_pk" PRIMARY KEY("user_id","training_id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"account_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"session_id" integer,
	"dpc_programme_id" integer,
	"funding_id" integer,
	"waiting_list_position" integer,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "enrolments_status_check" CHECK ("enrolments"."status" in ('pending','waiting_list','in_progress','finished','cancelled')),
	CONSTRAINT "enrolments_waiting_list_check" CHECK (("enrolments"."status" = 'waiting_list') = ("enrolments"."waiting_list_position" is not null)),
	CONSTRAINT "enrolments_waiting_position_check" CHECK ("enrolments"."waiting_list_position" is null or "enrolments"."waiting_list_position" >= 1),
	CONSTRAINT "enrolments_progress_check" CHECK ("enrolments"."progress_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "history_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"initial_score" numeric(5, 2),
	"final_score" numeric(5, 2),
	"points" integer,
	CONSTRAINT "history_entries_dates_check" CHECK ("history_entries"."end_date" is null or "history_entries"."end_date" >= "history_entries"."start_date"),
	CONSTRAINT "history_entries_initial_check" CHECK ("history_entries"."initial_score" is null or "history_entries"."initial_score" between 0 and 100),
	CONSTRAINT "history_entries_final_check" CHECK ("history_entries"."final_score" is null or "history_entries"."final_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"readed_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text DEFAULT 'single' NOT NULL,
	"text" text NOT NULL,
	"explanation" text,
	CONSTRAINT "quiz_questions_kind_check" CHECK ("quiz_questions"."kind" in ('single','multiple'))
);
--> statement-breakpoint
CREATE TABLE "quiz_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enrolment_id" integer,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_date" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"score" integer,
	"not_answered" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quiz_trackings_score_check" CHECK ("quiz_trackings"."score" is null or "quiz_trackings"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer,
	"module_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"pass_score" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quizzes_kind_check" CHECK ("quizzes"."kind" in ('pre_test','post_test','evaluation','standalone')),
	CONSTRAINT "quizzes_pass_score_check" CHECK ("quizzes"."pass_score" is null or "quizzes"."pass_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"kind" text DEFAULT 'contact' NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"advisor_id" integer,
	"name" text,
	"email" text,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "contact_messages_brand_check" CHECK ("contact_messages"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "contact_messages_kind_check" CHECK ("contact_messages"."kind" in ('contact','advisor')),
	CONSTRAINT "contact_messages_sender_check" CHECK ("contact_messages"."user_id" is not null or "contact_messages"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_brand_check" CHECK ("content_pages"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "content_pages_lang_check" CHECK ("content_pages"."lang" in ('fr','es'))
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "faq_sections_brand_check" CHECK ("faq_sections"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "faq_sections_lang_check" CHECK ("faq_sections"."lang" in ('fr','es')),
	CONSTRAINT "faq_sections_type_check" CHECK ("faq_sections"."type" in ('general','funding','shop','account'))
);
--> statement-breakpoint
CREATE TABLE "groupings" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text,
	"website" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "groupings_brand_check" CHECK ("groupings"."brand" in ('fr','be','es','es-campus'))
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"illustration" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_brand_check" CHECK ("news"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "news_lang_check" CHECK ("news"."lang" in ('fr','es'))
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"survey" text NOT NULL,
	"user_id" integer,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_brand_check" CHECK ("survey_answers"."brand" in ('fr','be','es','es-campus'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_account_id_accounts_id_fk" FOREIGN KEY ("current_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associated_trainings" ADD CONSTRAINT "associated_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associated_trainings" ADD CONSTRAINT "associated_trainings_associated_training_id_trainings_id_fk" FOREIGN KEY ("associated_training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dpc_programme_agreements" ADD CONSTRAINT "dpc_programme_agreements_programme_id_dpc_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."dpc_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dpc_programme_agreements" ADD CONSTRAINT "dpc_programme_agreements_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dpc_programmes" ADD CONSTRAINT "dpc_programmes_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_to_face_sessions" ADD CONSTRAINT "face_to_face_sessions_face_to_face_id_face_to_faces_id_fk" FOREIGN KEY ("face_to_face_id") REFERENCES "public"."face_to_faces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_to_face_sessions" ADD CONSTRAINT "face_to_face_sessions_trainer_id_people_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_to_faces" ADD CONSTRAINT "face_to_faces_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_dates" ADD CONSTRAINT "session_dates_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_fundings" ADD CONSTRAINT "training_fundings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_fundings" ADD CONSTRAINT "training_fundings_funding_id_fundings_id_fk" FOREIGN KEY ("funding_id") REFERENCES "public"."fundings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_people" ADD CONSTRAINT "training_people_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_people" ADD CONSTRAINT "training_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_tags" ADD CONSTRAINT "training_tags_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_dpc_programme_id_dpc_programmes_id_fk" FOREIGN KEY ("dpc_programme_id") REFERENCES "public"."dpc_programmes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_funding_id_fundings_id_fk" FOREIGN KEY ("funding_id") REFERENCES "public"."fundings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_choices" ADD CONSTRAINT "quiz_choices_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_trackings" ADD CONSTRAINT "quiz_trackings_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_trackings" ADD CONSTRAINT "quiz_trackings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_trackings" ADD CONSTRAINT "quiz_trackings_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_section_id_faq_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."faq_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_unique" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contracts_account_idx" ON "contracts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_scope_idx" ON "login_failures" USING btree ("scope","created_at");--> statement-breakpoint
CREATE INDEX "memberships_account_idx" ON "memberships" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_org_number_unique" ON "agreements" USING btree ("organisation","number");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_training_position_unique" ON "courses" USING btree ("training_id","position");--> statement-breakpoint
CREATE INDEX "dpc_programme_agreements_agreement_idx" ON "dpc_programme_agreements" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dpc_programmes_action_number_unique" ON "dpc_programmes" USING btree ("action_number");--> statement-breakpoint
CREATE INDEX "dpc_programmes_training_idx" ON "dpc_programmes" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "face_to_face_sessions_f2f_date_idx" ON "face_to_face_sessions" USING btree ("face_to_face_id","start_date");--> statement-breakpoint
CREATE INDEX "face_to_face_sessions_date_idx" ON "face_to_face_sessions" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "face_to_faces_training_idx" ON "face_to_faces" USING btree ("training_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fundings_code_unique" ON "fundings" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_course_position_unique" ON "modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "objectives_training_idx" ON "objectives" USING btree ("training_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_brand_slug_unique" ON "people" USING btree ("brand","slug");--> statement-breakpoint
CREATE INDEX "reviews_training_created_idx" ON "reviews" USING btree ("training_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_dates_session_date_unique" ON "session_dates" USING btree ("session_id","date","start_time");--> statement-breakpoint
CREATE INDEX "training_fundings_funding_idx" ON "training_fundings" USING btree ("funding_id");--> statement-breakpoint
CREATE INDEX "training_people_person_idx" ON "training_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "training_tags_tag_idx" ON "training_tags" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_brand_slug_unique" ON "trainings" USING btree ("brand","slug");--> statement-breakpoint
CREATE INDEX "trainings_catalogue_idx" ON "trainings" USING btree ("brand","is_published","type");--> statement-breakpoint
CREATE INDEX "trainings_brand_created_idx" ON "trainings" USING btree ("brand","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trainings_brand_name_idx" ON "trainings" USING btree ("brand","name");--> statement-breakpoint
CREATE INDEX "trainings_brand_rating_idx" ON "trainings" USING btree ("brand","rating_average" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_training_idx" ON "bookmarks" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "enrolments_user_status_idx" ON "enrolments" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "enrolments_training_idx" ON "enrolments" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "enrolments_session_idx" ON "enrolments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "enrolments_account_idx" ON "enrolments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_user_training_active_unique" ON "enrolments" USING btree ("user_id","training_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "history_entries_user_start_idx" ON "history_entries" USING btree ("user_id","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_choices_question_position_unique" ON "quiz_choices" USING btree ("question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_questions_quiz_position_unique" ON "quiz_questions" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quiz_trackings_user_quiz_idx" ON "quiz_trackings" USING btree ("user_id","quiz_id");--> statement-breakpoint
CREATE INDEX "quizzes_training_idx" ON "quizzes" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "quizzes_module_idx" ON "quizzes" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_brand_slug_unique" ON "content_pages" USING btree ("brand","slug");--> statement-breakpoint
CREATE INDEX "faq_questions_section_idx" ON "faq_questions" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "faq_sections_brand_type_idx" ON "faq_sections" USING btree ("brand","type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "groupings_brand_slug_unique" ON "groupings" USING btree ("brand","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "news_brand_slug_unique" ON "news" USING btree ("brand","slug");--> statement-breakpoint
CREATE INDEX "news_brand_published_idx" ON "news" USING btree ("brand","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "survey_answers_survey_idx" ON "survey_answers" USING btree ("survey","created_at");