import { Migration } from '@mikro-orm/migrations';

/**
 * Every paged list has an index in its own order (its filter column, then its sort key, then the id), so a
 * page after a cursor is a range of the index wherever it is in the list. Each replaces the index on the
 * filter column alone that it begins with.
 */
export class Migration20261125300000_list_orders extends Migration {

  override name = 'Migration20261125300000_list_orders';

  override up(): void | Promise<void> {
    this.addSql(`drop index "event_company_id_name_index";`);
    this.addSql(`create index "event_company_id_name_id_index" on "event" ("company_id", "name", "id");`);
    this.addSql(`create index "media_company_id_name_id_index" on "media" ("company_id", "name", "id");`);
    this.addSql(`create index "pass_template_company_id_name_id_index" on "pass_template" ("company_id", "name", "id");`);
    this.addSql(`drop index "questionnaire_answer_customer_id_index";`);
    this.addSql(`create index "questionnaire_answer_customer_id_answered_at_id_index" on "questionnaire_answer" ("customer_id", "answered_at", "id");`);
    this.addSql(`create index "subscription_plan_company_id_name_id_index" on "subscription_plan" ("company_id", "name", "id");`);
    this.addSql(`drop index "mandate_customer_id_index";`);
    this.addSql(`create index "mandate_customer_id_created_at_id_index" on "mandate" ("customer_id", "created_at", "id");`);
    this.addSql(`drop index "pass_purchase_customer_id_index";`);
    this.addSql(`drop index "pass_purchase_template_id_index";`);
    this.addSql(`create index "pass_purchase_customer_id_created_at_id_index" on "pass_purchase" ("customer_id", "created_at", "id");`);
    this.addSql(`create index "pass_purchase_template_id_created_at_id_index" on "pass_purchase" ("template_id", "created_at", "id");`);
    this.addSql(`create index "pass_purchase_company_id_created_at_id_index" on "pass_purchase" ("company_id", "created_at", "id");`);
    this.addSql(`drop index "video_purchase_customer_id_index";`);
    this.addSql(`create index "video_purchase_customer_id_created_at_id_index" on "video_purchase" ("customer_id", "created_at", "id");`);
    this.addSql(`drop index "booking_event_date_id_index";`);
    this.addSql(`create index "booking_event_date_id_id_index" on "booking" ("event_date_id", "id");`);
    this.addSql(`drop index "appointment_company_id_starts_at_index";`);
    this.addSql(`drop index "appointment_customer_id_index";`);
    this.addSql(`create index "appointment_company_id_starts_at_id_index" on "appointment" ("company_id", "starts_at", "id");`);
    this.addSql(`create index "appointment_customer_id_starts_at_id_index" on "appointment" ("customer_id", "starts_at", "id");`);
    this.addSql(`drop index "note_customer_id_index";`);
    this.addSql(`create index "note_customer_id_created_at_id_index" on "note" ("customer_id", "created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "note_customer_id_created_at_id_index";`);
    this.addSql(`create index "note_customer_id_index" on "note" ("customer_id");`);
    this.addSql(`drop index "appointment_customer_id_starts_at_id_index";`);
    this.addSql(`drop index "appointment_company_id_starts_at_id_index";`);
    this.addSql(`create index "appointment_customer_id_index" on "appointment" ("customer_id");`);
    this.addSql(`create index "appointment_company_id_starts_at_index" on "appointment" ("company_id", "starts_at");`);
    this.addSql(`drop index "booking_event_date_id_id_index";`);
    this.addSql(`create index "booking_event_date_id_index" on "booking" ("event_date_id");`);
    this.addSql(`drop index "video_purchase_customer_id_created_at_id_index";`);
    this.addSql(`create index "video_purchase_customer_id_index" on "video_purchase" ("customer_id");`);
    this.addSql(`drop index "pass_purchase_company_id_created_at_id_index";`);
    this.addSql(`drop index "pass_purchase_template_id_created_at_id_index";`);
    this.addSql(`drop index "pass_purchase_customer_id_created_at_id_index";`);
    this.addSql(`create index "pass_purchase_template_id_index" on "pass_purchase" ("template_id");`);
    this.addSql(`create index "pass_purchase_customer_id_index" on "pass_purchase" ("customer_id");`);
    this.addSql(`drop index "mandate_customer_id_created_at_id_index";`);
    this.addSql(`create index "mandate_customer_id_index" on "mandate" ("customer_id");`);
    this.addSql(`drop index "subscription_plan_company_id_name_id_index";`);
    this.addSql(`drop index "questionnaire_answer_customer_id_answered_at_id_index";`);
    this.addSql(`create index "questionnaire_answer_customer_id_index" on "questionnaire_answer" ("customer_id");`);
    this.addSql(`drop index "pass_template_company_id_name_id_index";`);
    this.addSql(`drop index "media_company_id_name_id_index";`);
    this.addSql(`drop index "event_company_id_name_id_index";`);
    this.addSql(`create index "event_company_id_name_index" on "event" ("company_id", "name");`);
  }

}
