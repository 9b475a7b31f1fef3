import { readWorkbook, textAt, sheetRange } from './packages/corpus/src/read/workbook.ts'
const wb = readWorkbook('/work/shared/datasets/uk-desnz-ghg-conversion-factors/ghg-conversion-factors-2025-full-set.xlsx')
for (const n of wb.SheetNames) { const s = wb.Sheets[n]!; const r = sheetRange(s)
for (let i=0;i<=r.e.r;i++){ for(let c=0;c<=Math.min(r.e.c,30);c++) { const t=textAt(s,i,c); if (/\bCV\b|calorific|net basis|gross basis/i.test(t) && !/^kWh \((Net|Gross) CV\)$/.test(t)) console.log(n, i+1, c, t.slice(0,300)) } } }
