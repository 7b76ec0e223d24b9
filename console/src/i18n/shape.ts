/** The English catalogue of an area: exactly the zh-CN keys, every leaf a string. */
export type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };
