// Source catalogue (zh-CN is the default locale). This file defines the key set:
// messages.en.ts is typed against it, and i18n.test.ts fails if the two differ.
//
// HOW TO ADD KEYS (other helpers too):
// - Keep one top-level section per component or widget: `common`, `select`, `dialog`,
//   `table`, `pagination`, ..., and `pricing`, `playground`, `tokens` for the widgets.
// - Add your section (or keys inside your own section) here AND the same keys in
//   messages.en.ts. Do not rename or remove keys of another section.
// - Values are plain strings; interpolation uses {{name}}; plurals use i18next's
//   `_one`/`_other` suffixes (declare both in each file).
// - Read them with `const { t } = useT(); t('select.noOptions')`.

export const zhCN = {
  common: {
    ok: '确定',
    cancel: '取消',
    confirm: '确认',
    close: '关闭',
    delete: '删除',
    save: '保存',
    edit: '编辑',
    create: '新建',
    search: '搜索',
    clear: '清除',
    reset: '重置',
    retry: '重试',
    copy: '复制',
    copied: '已复制',
    loading: '加载中…',
    empty: '暂无数据',
    required: '必填',
    optional: '可选',
    more: '更多',
    back: '返回',
    next: '下一步',
    previous: '上一步',
    yes: '是',
    no: '否',
    on: '开',
    off: '关',
    actions: '操作',
  },
  input: {
    clear: '清除内容',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
  },
  textArea: {
    count: '{{count}} / {{max}}',
  },
  numberInput: {
    increment: '增加',
    decrement: '减少',
  },
  select: {
    placeholder: '请选择',
    searchPlaceholder: '搜索…',
    noOptions: '无匹配项',
    create: '使用“{{value}}”',
    clear: '清除选择',
    removeItem: '移除 {{label}}',
    selectedCount: '已选 {{count}} 项',
  },
  dialog: {
    close: '关闭对话框',
  },
  confirm: {
    title: '确认操作',
    ok: '确定',
    cancel: '取消',
  },
  sideSheet: {
    close: '关闭侧边栏',
  },
  toast: {
    region: '通知',
    close: '关闭通知',
    success: '成功',
    error: '错误',
    info: '提示',
    warning: '警告',
  },
  dropdownMenu: {
    trigger: '更多操作',
  },
};

/** Same shape as the zh-CN catalogue with every leaf widened to string. */
export type Messages = typeof zhCN;
