import { readWorkbook, textAt, sheetRange } from './packages/corpus/src/read/workbook.ts'
for (const y of [2023, 2024]) {
const wb = readWorkbook(`/work/shared/datasets/us-epa-ghg-emission-factors-hub/ghg-emission-factors-hub-${y}.xlsx`)
const s = wb.Sheets['Emission Factors Hub']!; const r = sheetRange(s)
for (let i=0;i<=r.e.r;i++){ for (let c=1;c<=3;c++) { const t=textAt(s,i,c); if (/^Table \d/.test(t) || /HHV|higher heating|baseload|eGRID20|inventory|kraft/i.test(t)) console.log(y, i+1, c, t.slice(0,400)) } } }
