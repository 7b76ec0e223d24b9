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
  table: {
    loading: '加载中…',
    empty: '暂无数据',
    selectAll: '全选当前页',
    selectRow: '选择此行',
    selectedCount: '已选 {{count}} 项',
    columnSettings: '列设置',
    columnSettingsTitle: '显示的列',
    resetColumns: '恢复默认',
    sortBy: '按“{{column}}”排序',
    sortAscending: '升序',
    sortDescending: '降序',
  },
  pagination: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
    page: '第 {{page}} 页',
    morePages: '更多页',
    total: '共 {{total}} 条',
    pageSize: '{{size}} 条/页',
    pageSizeLabel: '每页条数',
  },
  dateTimePicker: {
    label: '日期时间',
    start: '开始时间',
    end: '结束时间',
    separator: '至',
    invalidRange: '结束时间不能早于开始时间',
    presets: '快捷选择',
    clear: '清除',
  },
  tag: {
    remove: '移除标签',
  },
  banner: {
    close: '关闭提示',
  },
  spinner: {
    label: '加载中',
  },
  skeleton: {
    label: '内容加载中',
  },
  progress: {
    label: '进度',
    percent: '{{value}}%',
  },
  calendar: {
    label: '日历',
    previousMonth: '上个月',
    nextMonth: '下个月',
    today: '今天',
    marked: '已标记',
  },
  copyButton: {
    copy: '复制',
    copied: '已复制',
    failedTitle: '无法复制到剪贴板，请手动复制',
    failedHint: '请选中下方文本，按 Ctrl+C（Mac 上为 ⌘+C）复制。',
    textLabel: '待复制的文本',
  },
  topNav: {
    label: '主导航',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
  },
  userMenu: {
    label: '用户菜单',
  },
  floatingButtons: {
    label: '快捷操作',
    backToTop: '回到顶部',
  },
  pageContainer: {
    breadcrumb: '面包屑导航',
  },
};

/** Same shape as the zh-CN catalogue with every leaf widened to string. */
export type Messages = typeof zhCN;
