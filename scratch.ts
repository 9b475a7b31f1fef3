import { readWorkbook, textAt, sheetRange } from './packages/corpus/src/read/workbook.ts'
const wb = readWorkbook('/work/shared/datasets/au-dcceew-nga-factors/national-greenhouse-account-factors-2025.xlsx')
for (const n of ['Table 1','Table 2','Table 25','Table 15']) { const s = wb.Sheets[n]!; const r = sheetRange(s)
for (let i=0;i<=Math.min(r.e.r,14);i++){ const row=[]; for(let c=0;c<=r.e.c;c++) row.push(textAt(s,i,c)); console.log(n, i+1, row.join(' | ').slice(0,220)) } }
