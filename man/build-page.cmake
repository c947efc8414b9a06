cmake_minimum_required(VERSION 3.25)
# Builds one manual page: IN (scdoc source, @VERSION@ replaced by VERSION)
# -> scdoc -> TIDY (perl) -> OUT, then OUT.gz (gzip -9n: no name or time
# stamp, so the package is reproducible). scdoc takes the page's date from
# SOURCE_DATE_EPOCH when it is set.
file(READ ${IN} text)
string(REPLACE "@VERSION@" "${VERSION}" text "${text}")
get_filename_component(dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
file(WRITE ${OUT}.scd "${text}")
execute_process(COMMAND ${SCDOC} COMMAND ${PERL} ${TIDY}
    INPUT_FILE ${OUT}.scd OUTPUT_FILE ${OUT}.tmp RESULTS_VARIABLE results ERROR_VARIABLE errors)
file(REMOVE ${OUT}.scd)
foreach(rc IN LISTS results)
    if(NOT rc EQUAL 0)
        file(REMOVE ${OUT}.tmp)
        message(FATAL_ERROR "${IN}: scdoc or tidy-roff.pl failed (${results}):\n${errors}")
    endif()
endforeach()
file(RENAME ${OUT}.tmp ${OUT})
execute_process(COMMAND ${GZIP} -9 -n -c ${OUT} OUTPUT_FILE ${OUT}.gz RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${OUT} failed")
endif()
