import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Key/value option row; values are text (booleans as "true"/"false"). */
@Entity({ name: 'options' })
export class OptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  key: string;

  @Column({ type: 'text', default: '' })
  value: string;
}
