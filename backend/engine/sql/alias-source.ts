import { ident, type SqlFragment } from '../../lib/sql.ts'

/** Generated table aliases (`_t3`), unique within one statement; user aliases never reach SQL. */
export class AliasSource {
  #count = 0

  next(prefix: string): SqlFragment {
    this.#count += 1
    return ident(`_${prefix}${this.#count}`)
  }
}
