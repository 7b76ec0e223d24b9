/**
 * The tables of a new-api and a one-api database as their gorm models create them (column names
 * and types read from each project's model/ folder), written out by hand for the test sources.
 * `{pk}` is the dialect's auto-increment primary key; backticks quote in both SQLite and MySQL.
 */
export type Dialect = 'sqlite' | 'mysql' | 'postgres';

const PK: Record<Dialect, string> = {
  sqlite: 'integer PRIMARY KEY AUTOINCREMENT',
  mysql: 'bigint AUTO_INCREMENT PRIMARY KEY',
  postgres: 'bigserial PRIMARY KEY',
};

/** gorm's PostgreSQL types for the MySQL-flavoured statements above. */
function toPostgres(ddl: string): string {
  return ddl
    .replace(/`/g, '"')
    .replace(/tinyint\(1\) DEFAULT 0/g, 'boolean DEFAULT false')
    .replace(/tinyint\(1\)/g, 'boolean')
    .replace(/longtext/g, 'text')
    .replace(/datetime\(3\)/g, 'timestamptz')
    .replace(/bigint unsigned/g, 'bigint')
    .replace(/\bjson NULL/g, 'text NULL')
    .replace(/\bdouble\b/g, 'double precision');
}

const NEW_API = [
  `CREATE TABLE users (
    id {pk}, username varchar(20) UNIQUE, password longtext NOT NULL, display_name varchar(20), role bigint DEFAULT 1,
    status bigint DEFAULT 1, email varchar(50), github_id varchar(64), discord_id varchar(64), oidc_id varchar(64),
    wechat_id varchar(64), telegram_id varchar(64), access_token char(32) UNIQUE, quota bigint DEFAULT 0,
    used_quota bigint DEFAULT 0, request_count bigint DEFAULT 0, \`group\` varchar(64) DEFAULT 'default',
    aff_code varchar(32) UNIQUE, aff_count bigint DEFAULT 0, aff_quota bigint DEFAULT 0, aff_history bigint DEFAULT 0,
    inviter_id bigint, deleted_at datetime(3) NULL, linux_do_id varchar(64), setting text, remark varchar(255),
    stripe_customer varchar(64), created_at bigint, last_login_at bigint DEFAULT 0)`,
  `CREATE TABLE tokens (
    id {pk}, user_id bigint, \`key\` char(48) UNIQUE, status bigint DEFAULT 1, name varchar(191), created_time bigint,
    accessed_time bigint, expired_time bigint DEFAULT -1, remain_quota bigint DEFAULT 0, unlimited_quota tinyint(1) DEFAULT 0,
    model_limits_enabled tinyint(1) DEFAULT 0, model_limits varchar(1024) DEFAULT '', allow_ips varchar(1024) DEFAULT '',
    used_quota bigint DEFAULT 0, \`group\` varchar(191) DEFAULT '', cross_group_retry tinyint(1) DEFAULT 0, deleted_at datetime(3) NULL)`,
  `CREATE TABLE channels (
    id {pk}, type bigint DEFAULT 0, \`key\` text NOT NULL, openai_organization varchar(191), test_model varchar(191),
    status bigint DEFAULT 1, name varchar(191), weight bigint unsigned DEFAULT 0, created_time bigint, test_time bigint,
    response_time bigint, base_url varchar(191) DEFAULT '', other text, balance double, balance_updated_time bigint,
    models text, \`group\` varchar(64) DEFAULT 'default', used_quota bigint DEFAULT 0, model_mapping text,
    status_code_mapping varchar(1024) DEFAULT '', priority bigint DEFAULT 0, auto_ban bigint DEFAULT 1, other_info text,
    tag varchar(191), setting text, param_override text, header_override text, remark varchar(255), channel_info json NULL,
    settings text)`,
  `CREATE TABLE abilities (
    \`group\` varchar(64) NOT NULL, model varchar(255) NOT NULL, channel_id bigint NOT NULL, enabled tinyint(1),
    priority bigint DEFAULT 0, weight bigint unsigned DEFAULT 0, tag varchar(191), PRIMARY KEY (\`group\`, model, channel_id))`,
  `CREATE TABLE options (\`key\` varchar(191) PRIMARY KEY, value text)`,
  `CREATE TABLE redemptions (
    id {pk}, user_id bigint, \`key\` char(32) UNIQUE, status bigint DEFAULT 1, name varchar(191), quota bigint DEFAULT 100,
    created_time bigint, redeemed_time bigint, used_user_id bigint, deleted_at datetime(3) NULL, expired_time bigint)`,
  `CREATE TABLE logs (
    id {pk}, user_id bigint, created_at bigint, type bigint, content text, username varchar(191) DEFAULT '',
    token_name varchar(191) DEFAULT '', model_name varchar(191) DEFAULT '', quota bigint DEFAULT 0, prompt_tokens bigint DEFAULT 0,
    completion_tokens bigint DEFAULT 0, use_time bigint DEFAULT 0, is_stream tinyint(1) DEFAULT 0, channel_id bigint,
    token_id bigint DEFAULT 0, \`group\` varchar(191), ip varchar(191) DEFAULT '', request_id varchar(64) DEFAULT '', other text)`,
  `CREATE TABLE top_ups (
    id {pk}, user_id bigint, amount bigint, money double, trade_no varchar(255) UNIQUE, payment_method varchar(50),
    create_time bigint, complete_time bigint, status varchar(191))`,
  `CREATE TABLE checkins (
    id {pk}, user_id bigint NOT NULL, checkin_date varchar(10) NOT NULL, quota_awarded bigint NOT NULL, created_at bigint,
    UNIQUE (user_id, checkin_date))`,
  `CREATE TABLE midjourneys (
    id {pk}, code bigint, user_id bigint, action varchar(40), mj_id varchar(191), prompt text, prompt_en text,
    description text, state text, submit_time bigint, start_time bigint, finish_time bigint, image_url text,
    video_url text, video_urls text, status varchar(20), progress varchar(30), fail_reason text, channel_id bigint,
    quota bigint, buttons json NULL, properties json NULL)`,
  `CREATE TABLE tasks (
    id {pk}, created_at bigint, updated_at bigint, task_id varchar(191), platform varchar(30), user_id bigint,
    \`group\` varchar(50), channel_id bigint, quota bigint, action varchar(40), status varchar(20), fail_reason text,
    submit_time bigint, start_time bigint, finish_time bigint, progress varchar(20), properties json NULL,
    private_data json NULL, data json NULL)`,
];

const ONE_API = [
  `CREATE TABLE users (
    id {pk}, username varchar(191) UNIQUE, password longtext NOT NULL, display_name varchar(191), role bigint DEFAULT 1,
    status bigint DEFAULT 1, email varchar(191), github_id varchar(191), wechat_id varchar(191), lark_id varchar(191),
    oidc_id varchar(191), access_token char(32) UNIQUE, quota bigint DEFAULT 0, used_quota bigint DEFAULT 0,
    request_count bigint DEFAULT 0, \`group\` varchar(32) DEFAULT 'default', aff_code varchar(32) UNIQUE, inviter_id bigint)`,
  `CREATE TABLE tokens (
    id {pk}, user_id bigint, \`key\` char(48) UNIQUE, status bigint DEFAULT 1, name varchar(191), created_time bigint,
    accessed_time bigint, expired_time bigint DEFAULT -1, remain_quota bigint DEFAULT 0, unlimited_quota tinyint(1) DEFAULT 0,
    used_quota bigint DEFAULT 0, models text, subnet varchar(191) DEFAULT '')`,
  `CREATE TABLE channels (
    id {pk}, type bigint DEFAULT 0, \`key\` text, status bigint DEFAULT 1, name varchar(191), weight bigint unsigned DEFAULT 0,
    created_time bigint, test_time bigint, response_time bigint, base_url varchar(191) DEFAULT '', other longtext,
    balance double, balance_updated_time bigint, models longtext, \`group\` varchar(32) DEFAULT 'default',
    used_quota bigint DEFAULT 0, model_mapping varchar(1024) DEFAULT '', priority bigint DEFAULT 0, config longtext,
    system_prompt text)`,
  `CREATE TABLE abilities (
    \`group\` varchar(32) NOT NULL, model varchar(191) NOT NULL, channel_id bigint NOT NULL, enabled tinyint(1),
    priority bigint DEFAULT 0, PRIMARY KEY (\`group\`, model, channel_id))`,
  `CREATE TABLE options (\`key\` varchar(191) PRIMARY KEY, value longtext)`,
  `CREATE TABLE redemptions (
    id {pk}, user_id bigint, \`key\` char(32) UNIQUE, status bigint DEFAULT 1, name varchar(191), quota bigint DEFAULT 100,
    created_time bigint, redeemed_time bigint)`,
  `CREATE TABLE logs (
    id {pk}, user_id bigint, created_at bigint, type bigint, content longtext, username varchar(191) DEFAULT '',
    token_name varchar(191) DEFAULT '', model_name varchar(191) DEFAULT '', quota bigint DEFAULT 0,
    prompt_tokens bigint DEFAULT 0, completion_tokens bigint DEFAULT 0, channel_id bigint, request_id varchar(191) DEFAULT '',
    elapsed_time bigint DEFAULT 0, is_stream tinyint(1) DEFAULT 0, system_prompt_reset tinyint(1) DEFAULT 0)`,
];

export function schema(kind: 'new-api' | 'one-api', dialect: Dialect): string[] {
  return (kind === 'new-api' ? NEW_API : ONE_API).map((s) => {
    const ddl = s.replace('{pk}', PK[dialect]).replace(/\s+/g, ' ');
    return dialect === 'postgres' ? toPostgres(ddl) : ddl;
  });
}
